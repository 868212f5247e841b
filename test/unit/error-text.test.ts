import { describe, expect, it } from 'vitest';
import { errorText } from '../../src/renderer/src/attempt';
import { checkRequest } from '../../src/shared/bridge-schema';

/** Issue 48: no view shows a validator's sentence, a request the host refused included. */
describe('errorText: a failed bridge call in words', () => {
  it('says a refused request in the app’s own words, however the host carried it', () => {
    const check = checkRequest('getSchedule', { channelId: '', hours: 99 });
    if (check.ok) throw new Error('expected a refusal');
    const plain = 'The app could not ask for that: it was not something it can ask. Try again, or restart the app if it keeps happening.';
    // the preview host's 400 body, and Electron's wrapping of a handler's throw
    expect(errorText(new Error(check.reason))).toBe(plain);
    expect(errorText(new Error(`Error invoking remote method 'airwave:getSchedule': Error: ${check.reason}`))).toBe(plain);
  });

  it('keeps every other failure’s words (they are the app’s own)', () => {
    expect(errorText(new Error('The server cannot be reached.'))).toBe('The server cannot be reached.');
    expect(errorText('Something: else')).toBe('Something: else');
  });
});
