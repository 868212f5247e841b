/**
 * What is wrong with a global shortcut, in words: the one sentence the Settings shortcut field and
 * the main process (a refused `updateSettings`) both show, from the catalogue's
 * `settings.shortcutProblem` (a `select` on the problem's kind, the shortcut and the problem's
 * values as placeholders), in the language in use.
 */
import type { AcceleratorProblem } from './accelerator';
import { messages, t } from './i18n/messages';
import { listOf } from './list-format';

/** "Ctrl+A+B has 2 keys (A and B); …": the sentence for `problem` of the shortcut `shortcut`. */
export function shortcutProblemText(shortcut: string, problem: AcceleratorProblem): string {
  const keys = problem.kind === 'keys' ? problem.keys : [];
  return t(messages().settings.shortcutProblem, {
    shortcut,
    kind: problem.kind,
    limit: problem.kind === 'long' ? problem.limit : 0,
    key: problem.kind === 'unknown' ? problem.key : '',
    count: keys.length,
    keys: listOf(keys),
    modifier: problem.kind === 'twice' ? problem.modifier : '',
    first: problem.kind === 'same' ? problem.first : '',
    second: problem.kind === 'same' ? problem.second : '',
  });
}
