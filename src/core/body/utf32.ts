/**
 * UTF-32 decoding for Velox 5's body parsers: express@5's body-parser 2 decodes with an iconv-lite
 * that knows UTF-32 (`utf-32`, `utf-32le`, `utf-32be`, and `ucs-4` under the same names); the
 * iconv-lite Velox 4 keeps for Express 4's byte-for-byte answers does not. Written from the
 * Unicode encoding form: four bytes a code unit, a byte order mark chooses the order.
 */

/** Decodes a whole body to text. */
export type BodyDecoder = (body: Buffer) => string;

/** The code units read to guess the byte order of a `utf-32` body without a byte order mark. */
const GUESS_UNITS = 100;

/** Names compared as iconv-lite compares them: lowercase, letters and digits only. */
function canonical(encoding: string): string {
	return encoding.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/** The decoder for a UTF-32 charset name, or `null` for another charset. */
export function utf32Decoder(encoding: string): BodyDecoder | null {
	switch (canonical(encoding)) {
		case 'utf32':
		case 'ucs4':
			return (body) => decodeUtf32(body, littleEndianGuess(body));
		case 'utf32le':
		case 'ucs4le':
			return (body) => decodeUtf32(body, true);
		case 'utf32be':
		case 'ucs4be':
			return (body) => decodeUtf32(body, false);
		default:
			return null;
	}
}

/**
 * The byte order of a `utf-32` body: its byte order mark, else the order under which more of the
 * first code units are plausible characters of the Basic Multilingual Plane; little-endian on a tie.
 */
function littleEndianGuess(body: Buffer): boolean {
	if (body.length >= 4) {
		if (body[0] === 0xff && body[1] === 0xfe && body[2] === 0 && body[3] === 0) return true;
		if (body[0] === 0 && body[1] === 0 && body[2] === 0xfe && body[3] === 0xff) return false;
	}
	let scoreBig = 0;
	let scoreLittle = 0;
	const end = Math.min(body.length - (body.length % 4), GUESS_UNITS * 4);
	for (let at = 0; at < end; at += 4) {
		const [b0, b1, b2, b3] = [body[at], body[at + 1], body[at + 2], body[at + 3]];
		// Out of Unicode's range read one way or the other.
		if (b0 !== 0 || b1 > 0x10) scoreBig--;
		if (b3 !== 0 || b2 > 0x10) scoreLittle--;
		// Non-zero only in the low 16 bits read one way or the other.
		if (b0 === 0 && b1 === 0 && (b2 !== 0 || b3 !== 0)) scoreBig++;
		if ((b0 !== 0 || b1 !== 0) && b2 === 0 && b3 === 0) scoreLittle++;
	}
	return scoreBig <= scoreLittle;
}

/** The text of a UTF-32 body: a code unit past U+10FFFF, or trailing bytes short of one, is U+FFFD; a leading byte order mark is dropped. */
function decodeUtf32(body: Buffer, littleEndian: boolean): string {
	const parts: string[] = [];
	const whole = body.length - (body.length % 4);
	for (let at = 0; at < whole; at += 4) {
		const unit = littleEndian ? body.readUInt32LE(at) : body.readUInt32BE(at);
		parts.push(unit > 0x10ffff ? '\ufffd' : String.fromCodePoint(unit));
	}
	if (whole !== body.length) parts.push('\ufffd');
	const text = parts.join('');
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
