/**
 * What a person reads when a server's answer broke the contract: a ContractError's facts (endpoint,
 * field, what was wrong) said in the language in use. The error's own message stays English, for
 * the log. The field path, the types valibot names and the server's values are quoted, never translated.
 */
import { CHECKS, type ContractError } from '../../../shared/airwave';
import type { IssueFacts } from '../../../shared/tolerant';
import { messages, t } from '../../common/words';

/** What was wrong, in the language in use ("required field is missing", "expected string but received 2"). */
export function problemWords(issue: IssueFacts): string {
  const words = messages().reading;
  if (issue.kind === 'missing') return words.missingField;
  if (issue.kind === 'said') return issue.problem;
  if (issue.kind === 'shape') return t(words.expectedShape, { expected: issue.expected });
  if (issue.kind === 'expected') return t(words.expectedGot, { expected: issue.expected, received: issue.received });
  // the app's own checks, by their constant (never a server's words)
  const own = issue.problem === CHECKS.finite ? words.finiteNumber : issue.problem === CHECKS.isoTime ? words.isoTime : issue.problem === CHECKS.string ? words.aString : issue.problem;
  return t(words.checkGot, { problem: own, received: issue.received });
}

/** "Unexpected response from GET /guide: channels[3].now: required field is missing", in the language in use. */
export function contractWords(endpoint: string, field: string, issue: IssueFacts): string {
  const words = messages().reading;
  const problem = problemWords(issue);
  return field ? t(words.unexpectedField, { endpoint, field, problem }) : t(words.unexpected, { endpoint, problem });
}

/** A ContractError's sentence for people. */
export const contractSentence = (error: ContractError): string => contractWords(error.endpoint, error.field, error.issue);
