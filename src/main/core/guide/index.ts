// The guide, streamed into a compact store: load one window, then ask it for rows.
export { loadGuide } from './load';
export { GuideStore, type GuideLoadState, type GuideRowsQuery, type GuideSummary, type GuideWindow } from './store';
export { searchTitles } from './search-titles';
