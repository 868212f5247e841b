import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatus, parseWebhooks } from '../../src/shared/airwave';
import { cleanServerText } from '../../src/shared/text';
import { ApiError } from '../../src/main/core/client/errors';

// Issue 34 item 6: every string a server sends is cleaned once, at the edge, by one function.
describe('cleanServerText', () => {
  const cases: [string, string][] = [
    ['OSC 52 clipboard write', 'a\u001b]52;c;SGVsbG8=\u0007b'],
    ['OSC 8 link', 'x\u001b]8;;http://evil\u001b\\click\u001b]8;;\u001b\\ y'],
    ['CSI colours', 'esc\u001b[31mred\u001b[0m'],
    ['8-bit CSI and OSC', 'a\u009b2Jb\u009d0;title\u009cc'],
    ['BEL and NUL', 'bell\u0007nul\u0000end'],
  ];
  it.each(cases)('takes out %s with its payload', (_name, input) => {
    const out = cleanServerText(input);
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(out).not.toMatch(/52;|8;;|evil|title|\[31m/);
  });

  it('keeps what is visible of a sequence-laden text', () => {
    expect(cleanServerText('x\u001b]8;;http://evil\u001b\\click\u001b]8;;\u001b\\ y')).toBe('xclick y');
    expect(cleanServerText('esc\u001b[31mred\u001b[0m')).toBe('escred');
  });

  it('removes bidi overrides and isolates, keeps line feeds and tabs, mends lone surrogates', () => {
    expect(cleanServerText('evil\u202etxt.exe \u2066a\u2069')).toBe('eviltxt.exe a');
    expect(cleanServerText('line1\r\nline2\ttab')).toBe('line1\nline2\ttab');
    expect(cleanServerText('x\ud800y')).toBe('x\ufffdy');
  });

  it('takes credentials out of addresses, with or without a scheme, whatever the password holds', () => {
    expect(cleanServerText('failed: https://bob:s3cret@hooks.example.com/x')).toBe('failed: https://hooks.example.com/x');
    expect(cleanServerText('failed: bob:s3cret@hooks.example.com/x')).toBe('failed: hooks.example.com/x');
    expect(cleanServerText('https://bob:p/a@ss@hooks.example.com:8443/p?q=1')).toBe('https://hooks.example.com:8443/p?q=1');
    expect(cleanServerText('(ftp://anon@host/x)')).toBe('(ftp://host/x)');
    expect(cleanServerText('"user:pa@ss@host"')).toBe('"host"');
    expect(cleanServerText('timeout posting to admin:hunter2@10.0.0.5:8080 after 10 s')).toBe('timeout posting to 10.0.0.5:8080 after 10 s');
  });

  it('leaves ordinary text alone: the same string back', () => {
    for (const text of ['Tom & Jerry', 'mail bob@example.com', 'at 12:30, 李雷 & Zoë', 'lucide:Laugh', '']) {
      expect(cleanServerText(text)).toBe(text);
    }
  });

  it('property: no controls but LF and tab, no bidi overrides, no "user:pass@", and cleaning twice changes nothing', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('\u001b]52;c;', '\u001b[', '\u0007', '\u001b\\', '\u202e', '\u009b', '://', 'user:pa/ss@', '@', ':', ' ', 'host'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const out = cleanServerText(parts.join(''));
        // eslint-disable-next-line no-control-regex
        expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        expect(out).not.toMatch(/user:pa\/ss@(?=[^\s"'<>()[\]{}@])/);
        expect(cleanServerText(out)).toBe(out);
      }),
      { seed: 34, numRuns: 500 },
    );
  });

  it('is applied where server text enters: response text fields and the server\'s own error message', () => {
    const status = parseStatus({ product: 'airwave', version: '0.15.10', name: 'Home\u001b]52;c;eA==\u0007 \u202eTV' });
    expect(status.name).toBe('Home TV');
    const hooks = parseWebhooks({
      webhooks: [{ id: 'w1', enabled: false, disabledAt: '2026-09-27T18:00:00Z', disabledReason: 'HTTP 500 from admin:p@ss/w@rd@hooks.example.com\u0007' }],
    });
    expect(hooks.webhooks[0]?.disabledReason).toBe('HTTP 500 from hooks.example.com');
    const error = new ApiError('server-error', 'The server had a problem.', { endpoint: 'GET /status', serverMessage: 'db at https://u:pw@db:5432 down\u001b[2J' });
    expect(error.serverMessage).toBe('db at https://db:5432 down');
  });
});
