import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseServerUrl, type ServerAddress } from '../../src/shared/server-url';

function address(input: string): ServerAddress {
  const result = parseServerUrl(input);
  if (!result.ok) throw new Error(`expected "${input}" to be accepted, got: ${result.reason}`);
  return result.address;
}

function reason(input: string): string {
  const result = parseServerUrl(input);
  if (result.ok) throw new Error(`expected "${input}" to be rejected, got ${result.address.root}`);
  return result.reason;
}

describe('parseServerUrl: accepted addresses', () => {
  it('the default port is the one Airwave servers listen on', () => {
    expect(DEFAULT_PORT).toBe(36020);
  });

  // issue 33 item 6: Airwave's cloud tunnel is https on its default port
  it('reads a bare cloud-tunnel address as https with no port', () => {
    expect(address('home.airwave.software')).toStrictEqual({
      origin: 'https://home.airwave.software',
      root: 'https://home.airwave.software',
      apiBase: 'https://home.airwave.software/api/public/v1',
      display: 'home.airwave.software',
    });
    expect(address('Home.Airwave.Software/api/public/v1/status').origin).toBe('https://home.airwave.software');
    // a typed scheme or port is kept as typed; a look-alike host is not the tunnel
    expect(address('http://home.airwave.software').origin).toBe('http://home.airwave.software');
    expect(address('home.airwave.software:8443').origin).toBe('http://home.airwave.software:8443');
    expect(address('home.notairwave.software').origin).toBe('http://home.notairwave.software:36020');
  });

  it('reads host:port without a scheme as http', () => {
    expect(address('192.168.1.10:36020')).toStrictEqual({
      origin: 'http://192.168.1.10:36020',
      root: 'http://192.168.1.10:36020',
      apiBase: 'http://192.168.1.10:36020/api/public/v1',
      display: '192.168.1.10:36020',
    });
    expect(address('airwave.local:8080').origin).toBe('http://airwave.local:8080');
  });

  it('reads a full URL with a trailing slash', () => {
    expect(address('http://host:36020/')).toStrictEqual({
      origin: 'http://host:36020',
      root: 'http://host:36020',
      apiBase: 'http://host:36020/api/public/v1',
      display: 'host:36020',
    });
  });

  it('drops repeated trailing slashes and surrounding whitespace', () => {
    expect(address('  http://host:36020///  ').apiBase).toBe('http://host:36020/api/public/v1');
    expect(address('https://h/prefix//').root).toBe('https://h/prefix');
  });

  it('keeps a reverse-proxy prefix and strips the API prefix pasted after it', () => {
    expect(address('https://h/prefix/api/public/v1')).toStrictEqual({
      origin: 'https://h',
      root: 'https://h/prefix',
      apiBase: 'https://h/prefix/api/public/v1',
      display: 'h/prefix',
    });
    expect(address('https://h/prefix/api/public/v1/')).toStrictEqual(address('https://h/prefix/api/public/v1'));
  });

  it('strips an endpoint pasted under the API prefix', () => {
    expect(address('https://h/prefix/api/public/v1/status')).toStrictEqual(address('https://h/prefix/api/public/v1'));
    expect(address('http://h:36020/api/public/v1/guide/now?forwardMinutes=60')).toStrictEqual({
      origin: 'http://h:36020',
      root: 'http://h:36020',
      apiBase: 'http://h:36020/api/public/v1',
      display: 'h:36020',
    });
  });

  it('keeps a prefix given without the API part', () => {
    expect(address('https://tv.example.org/airwave').apiBase).toBe('https://tv.example.org/airwave/api/public/v1');
    expect(address('tv.example.org/airwave/').root).toBe('http://tv.example.org:36020/airwave');
  });

  it('accepts an uppercase scheme and host, and lower-cases them', () => {
    expect(address('HTTPS://Airwave.Example.ORG:8443/TV')).toStrictEqual({
      origin: 'https://airwave.example.org:8443',
      root: 'https://airwave.example.org:8443/TV',
      apiBase: 'https://airwave.example.org:8443/TV/api/public/v1',
      display: 'airwave.example.org:8443/TV',
    });
  });

  it('accepts IPv6 literals, with and without a scheme', () => {
    expect(address('[::1]:36020')).toStrictEqual({
      origin: 'http://[::1]:36020',
      root: 'http://[::1]:36020',
      apiBase: 'http://[::1]:36020/api/public/v1',
      display: '[::1]:36020',
    });
    expect(address('http://[fe80::1]:9000/').origin).toBe('http://[fe80::1]:9000');
  });

  describe('port', () => {
    it.each([
      ['192.168.1.10', 'http://192.168.1.10:36020'],
      ['airwave.local', 'http://airwave.local:36020'],
      ['airwave.local/', 'http://airwave.local:36020'],
      ['[::1]', 'http://[::1]:36020'],
      ['localhost/api/public/v1', 'http://localhost:36020'],
    ])('without scheme and port, %s gets the Airwave port', (input, origin) => {
      expect(address(input).origin).toBe(origin);
      expect(address(input).apiBase).toBe(`${origin}/api/public/v1`);
    });

    it('shows the added port in the display form', () => {
      expect(address('airwave.local').display).toBe('airwave.local:36020');
    });

    it.each([
      ['http://host', 'http://host'],
      ['https://host', 'https://host'],
      ['http://[::1]', 'http://[::1]'],
      ['https://tv.example.org/airwave', 'https://tv.example.org'],
    ])('with an explicit scheme, %s keeps the scheme default port (reverse proxy)', (input, origin) => {
      expect(address(input).origin).toBe(origin);
    });

    it('keeps a port the user typed, even the http default', () => {
      expect(address('host:80').origin).toBe('http://host');
      expect(address('host:8080').origin).toBe('http://host:8080');
      expect(address('[::1]:80').origin).toBe('http://[::1]');
    });
  });
});

describe('parseServerUrl: the API prefix', () => {
  it('is only dropped as whole path segments', () => {
    expect(address('https://h/api/public/v10').root).toBe('https://h/api/public/v10');
    expect(address('https://h/x/api/public/v1/').root).toBe('https://h/x');
  });
});

describe('parseServerUrl: rejected addresses', () => {
  it.each(['', '   ', '\t\n'])('asks for an address when the input is empty (%j)', (input) => {
    expect(reason(input)).toMatch(/^Enter the server address/);
  });

  it.each(['192.168.1 .10', 'http://exa mple', 'http://host:36020/a b', 'host\t:36020'])(
    'rejects spaces inside (%j)',
    (input) => {
      expect(reason(input)).toBe('A server address cannot contain spaces.');
    },
  );

  it.each([
    ['ftp://h', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['ws://host:36020', 'ws'],
  ])('rejects the %s scheme, naming it', (input, scheme) => {
    const text = reason(input);
    expect(text).toContain('Only http:// and https://');
    expect(text).toContain(`(got ${scheme}://)`);
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['about:blank', 'about'],
    ['data:text/html,hi', 'data'],
  ])('does not treat %s as a host name, naming the scheme', (input, scheme) => {
    expect(reason(input)).toBe(`Only http:// and https:// addresses can be servers (got ${scheme}:).`);
  });

  it.each(['http://', 'https://', 'http:///'])('says %s has no host name', (input) => {
    expect(reason(input)).toBe('The address has no host name.');
  });

  it.each(['http://u:p@h', 'https://admin@h:36020', 'user:secret@192.168.1.10'])('rejects credentials in %s', (input) => {
    expect(reason(input)).toMatch(/user name and password/);
  });

  it.each(['http://:36020', 'http://host:99999', 'http://[::1', 'http://exa<mple'])(
    'rejects %s as not a valid address',
    (input) => {
      expect(reason(input)).toBe(`"${input}" is not a valid address. Try something like http://192.168.1.10:36020.`);
    },
  );
});
