/**
 * The message compiler for Node (the main process, the preview host, the doctor, the tests):
 * messageformat's, one instance per language, registered with message-format.ts as this module
 * loads. The popover never imports it: its build compiles the catalogue ahead of time
 * (scripts/vite-i18n.ts) with the same compiler and the same options (`MESSAGE_OPTIONS`).
 */
import MessageFormat, { type MessageFormatOptions } from '@messageformat/core';
import { useCompiler, type CompiledMessage } from './message-format';

/** The options both ways of compiling use: plural keys checked against the language (CLDR), every argument a string. */
export const MESSAGE_OPTIONS: MessageFormatOptions<'string'> = { returnType: 'string', strictPluralKeys: true };

const formats = new Map<string, MessageFormat<'string'>>();

/** `source` compiled for `language` ("en", "de", "fr", "es", "ja"); throws on a message that does not parse. */
export function compileMessage(source: string, language: string): CompiledMessage {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new MessageFormat<'string'>(language, MESSAGE_OPTIONS)));
  return format.compile(source) as CompiledMessage;
}

useCompiler(compileMessage);
