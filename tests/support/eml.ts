/**
 * A small RFC 5322 / MIME reader for the mail tests: unfolded headers with RFC 2047 words
 * decoded, and the text and html bodies (quoted-printable or base64, nested multiparts).
 */
export type ParsedMail = { headers: Map<string, string>; text: string | null; html: string | null };

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parsed: ParsedMail = { headers, text: null, html: null };
  collectBodies(headers, body, parsed);
  return parsed;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error('No blank line after the headers');
  const headers = new Map<string, string>();
  const unfolded = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Malformed header line: ${line}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(end + 4) };
}

function collectBodies(headers: Map<string, string>, body: string, into: ParsedMail): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const end = body.indexOf(`\r\n--${boundary}--`);
    if (end < 0) throw new Error('Multipart body without its closing boundary');
    for (const part of body.slice(0, end).split(`--${boundary}\r\n`).slice(1)) {
      const entity = splitEntity(part.replace(/\r\n$/, ''));
      collectBodies(entity.headers, entity.body, into);
    }
    return;
  }
  // The line break that ends the last line belongs to the message, not the text.
  const decoded = decodeBody(body.replace(/\r\n$/, ''), headers.get('content-transfer-encoding') ?? '7bit');
  if (type.toLowerCase().startsWith('text/html')) into.html = decoded;
  else into.text = decoded;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words; whitespace between two adjacent words is dropped. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(word, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
