/**
 * The host of a `Host`, `X-Forwarded-Host` or `:authority` value, checked
 * against RFC 3986's `host [ ":" port ]`: an IP literal in brackets (IPv6,
 * with an RFC 6874 zone, or IPvFuture) or a reg-name, which covers IPv4
 * addresses, DNS names, IDNs in punycode and a trailing dot.
 *
 * Security: apps build absolute links from `req.hostname` (password-reset
 * mails, redirects, canonical URLs); a value carrying `/`, `@`, `\`, `?`, `#`
 * or whitespace would make such a link point at another site.
 */
import { isIPv6 } from 'net';

// reg-name = *( unreserved / pct-encoded / sub-delims ), then an optional port (digits only).
const REG_NAME_AUTHORITY = /^((?:[\w\-.~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::\d*)?$/;
const IP_LITERAL_AUTHORITY = /^(\[[^\]]*\])(?::\d*)?$/;
const IPV_FUTURE = /^v[0-9A-Fa-f]+\.[\w\-.~!$&'()*+,;=:]+$/;
const ZONE_ID = /^%25(?:[\w\-.~]|%[0-9A-Fa-f]{2})+$/;

function isIpLiteral(inner: string): boolean {
	if (inner.charCodeAt(0) === 0x76 || inner.charCodeAt(0) === 0x56) return IPV_FUTURE.test(inner);
	const zone = inner.indexOf('%');
	if (zone === -1) return isIPv6(inner);
	return isIPv6(inner.slice(0, zone)) && ZONE_ID.test(inner.slice(zone));
}

/**
 * The host part of `authority` (its port removed, IPv6 literals kept in brackets),
 * or undefined when `authority` is not a syntactically valid `host [ ":" port ]`.
 *
 * @example
 * hostOf('example.com:3000'); // => 'example.com'
 * hostOf('[::1]:3000'); // => '[::1]'
 * hostOf('evil.example/x'); // => undefined
 */
export function hostOf(authority: string): string | undefined {
	if (authority.charCodeAt(0) === 0x5b) {
		const literal = IP_LITERAL_AUTHORITY.exec(authority);
		if (literal === null) return undefined;
		const host = literal[1];
		return isIpLiteral(host.slice(1, -1)) ? host : undefined;
	}
	const name = REG_NAME_AUTHORITY.exec(authority);
	return name === null ? undefined : name[1];
}
