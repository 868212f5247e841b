/**
 * What a person reads when a server's answer broke the contract. A view says it plainly, "The
 * server sent something this app could not read in GET /guide." (unreadableAnswer), never in the
 * validator's words (issue 48); the facts (endpoint, field, what was wrong) go to the log, in the
 * language in use (contractWords): the field path, the types valibot names and the server's values
 * are quoted, never translated.
 */
import { CHECKS, type ContractError } from '../../../shared/airwave';
import type { IssueFacts } from '../../../shared/tolerant';
import { messages, t } from '../../common/words';
import { ApiError } from './errors';

/** What a view says of an answer it could not read: "The server sent something this app could not read in GET /guide." */
export const unreadableAnswer = (endpoint: string): string => t(messages().sync.unreadable, { endpoint });

/**
 * The failure of an answer the app cannot work with (what it cannot do without was bad): the
 * plain sentence as its message, the field and the validator's words beside it for the log.
 */
export function unreadableAnswerError(error: ContractError, status?: number): ApiError {
  return new ApiError('bad-response', unreadableAnswer(error.endpoint), { endpoint: error.endpoint, status, field: error.field, detail: contractSentence(error) });
}

/** What was wrong, in the language in use ("required field is missing", "expected string but received 2"). */
export function problemWords(issue: IssueFacts): string {
  const words = messages().reading;
  if (issue.kind === 'missing') return words.missingField;
  if (issue.kind === 'said') return issue.problem;
  if (issue.kind === 'shape') return t(words.expectedShape, { expected: issue.expected });
  if (issue.kind === 'expected') return t(words.expectedGot, { expected: issue.expected, received: issue.received });
  // the app's own checks, by their constant (never a server's words)
  const known: Record<string, string> = { [CHECKS.finite]: words.finiteNumber, [CHECKS.isoTime]: words.isoTime, [CHECKS.string]: words.aString, [CHECKS.whole]: words.wholeNumber, [CHECKS.programmeLength]: words.programmeLength, [CHECKS.withinProgramme]: words.withinProgramme };
  const own = known[issue.problem] ?? issue.problem;
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
