/**
 * English: what the app says when it could not read a server's answer or one of its own files —
 * the guide reader's limits, an answer that breaks the contract ("Unexpected response from …"),
 * an event frame too large, a server with no lookup by number, and the notes on fields and entries
 * a file lost. Endpoints, field paths and the server's own text are placeholders, never translated.
 * Host-only (en/host.ts), not in the popover's chunk.
 */

export const reading = {
  unexpected: 'Unexpected response from {endpoint}: {problem}',
  unexpectedField: 'Unexpected response from {endpoint}: {field}: {problem}',
  missingField: 'required field is missing',
  expectedGot: 'expected {expected} but received {received}',
  expectedShape: 'expected {expected}',
  checkGot: '{problem} (received {received})',
  finiteNumber: 'expected a finite number',
  isoTime: 'expected an ISO-8601 time',
  aString: 'expected a string',
  wholeNumber: 'expected a whole number held exactly',
  programmeLength: 'expected a length a programme can have (more than 0 s, at most a day)',
  withinProgramme: 'expected a position within the programme',
  guideCutShort: 'The guide ended before it was complete (after {channels} channels, {size}).',
  guideBigPart: 'The guide has a part larger than {size} outside its channels, which no real guide has.',
  guideTooDeep: 'The guide is nested deeper than {max} levels, which no real guide is.',
  guideBigEntry: 'The guide has an entry larger than {size} (channel {channel}), which no real guide has.',
  guideManyChannels: 'The guide lists more than {max} channels, more than the app reads.',
  guideBadChannelJson: 'The server sent a guide that is not valid JSON (channel {channel}: {detail}).',
  guideManyProgrammes: 'The guide holds more than {max} programmes, more than the app reads. Choose a shorter window.',
  guideBadJson: 'The server sent a guide that is not valid JSON ({detail}).',
  guideAfterEnd: 'The guide goes on after its end.',
  guideNotObject: 'The server sent a guide that is not a JSON object. Is this the address of an Airwave server?',
  unreadable: 'unreadable',
  frameTooLarge: 'The event stream sent a frame larger than {size}.',
  noLookup: 'This server cannot look channels up by number (it has neither lookup route).',
  answeredFor: 'The server answered for channel {answered} when asked for channel {asked}, so its answer is not shown.',
  /** what a notice says was lost: fields back to their defaults, entries left out (`has`: both, fields, entries), and what to do about the entries */
  lost: '{has, select, both {{fields} {nf, plural, one {was not usable and is back to its default} other {were not usable and are back to their defaults}}; {entries} could not be read and {ne, plural, one {was left out} other {were left out}}{hinted, select, yes { {hint}} other {}}} fields {{fields} {nf, plural, one {was not usable and is back to its default} other {were not usable and are back to their defaults}}} other {{entries} could not be read and {ne, plural, one {was left out} other {were left out}}{hinted, select, yes { {hint}} other {}}}}',
  entryOf: 'entry {n} of {list}',
  theList: 'the list',
  everything: 'everything',
  addressEmpty: 'Enter the server address, for example http://192.168.1.10:36020.',
  addressSpaces: 'A server address cannot contain spaces.',
  addressScheme: 'Only http:// and https:// addresses can be servers (got {scheme}).',
  addressNoHost: 'The address has no host name.',
  addressInvalid: '"{text}" is not a valid address. Try something like http://192.168.1.10:36020.',
  addressCredentials: 'Leave the user name and password out of the address; the API key is the only credential.',
};
