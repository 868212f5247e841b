/**
 * Owns the title a programme is followed and grouped under: its show for an episode, else its
 * own title ("Matchday Live" for "Matchday Live: Second Chances"), and how two such titles are
 * compared (trimmed, any case, runs of spaces as one). Follow matches airings with it, and search
 * gathers a programme's airings into one row with it, so "one programme" means the same in both.
 */

/** The title `program` is followed and grouped under. */
export const followTitleOf = (program: { title: string; showTitle: string | null }): string => program.showTitle ?? program.title;

/** A title as matched: trimmed, any case, runs of spaces as one. */
export const titleKey = (text: string | null): string => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
