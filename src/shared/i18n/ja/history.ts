/** 日本語：最初の表示に必要な履歴の言葉、「不在中」の行と人ごとの履歴への入口（../en/history.ts を参照）。 */
import type { Catalogue } from '../en';

export const history: Catalogue['history'] = {
  personOpen: '{name} の履歴',
  awayNobody: '{since}、視聴した人はいません',
  away: '{since}、{people, plural, other {# 人}}が {programmes, plural, other {# 番組}}を視聴しました',
  awayPeak: '{since}、{people, plural, other {# 人}}が {programmes, plural, other {# 番組}}を視聴しました。最大 {count} 人（{when}）',
  awayOpen: '履歴を開く',
};
