/**
 * Why a typed address cannot be a server, said to a person in the language in use: the facts of
 * shared/server-url.ts's AddressProblem (its English `reason` is for the log and the doctor).
 */
import type { AddressProblem } from '../../../shared/server-url';
import { messages, t } from '../../common/words';

export function addressWords(problem: AddressProblem): string {
  const words = messages().reading;
  switch (problem.kind) {
    case 'empty':
      return words.addressEmpty;
    case 'spaces':
      return words.addressSpaces;
    case 'scheme':
      return t(words.addressScheme, { scheme: problem.scheme });
    case 'no-host':
      return words.addressNoHost;
    case 'invalid':
      return t(words.addressInvalid, { text: problem.text });
    case 'credentials':
      return words.addressCredentials;
  }
}
