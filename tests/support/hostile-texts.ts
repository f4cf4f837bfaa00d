/**
 * Texts a hostile member might type anywhere their words are shown: markup that would run if a
 * page ever treated member text as HTML, as a URL or as part of the page state's JSON. Each one,
 * if it ever ran, calls `window.__pwned(n)` with its own number (most also try an alert), so a
 * browser test can tell which one got through.
 */

/** The word every search-ready text carries, so one search finds the pins titled with them. */
export const HOSTILE_SEARCH_WORD = 'quokka';

const RTL_OVERRIDE = '\u202e';
const LTR_OVERRIDE = '\u202d';
const POP = '\u202c';
const ZERO_WIDTH = '\u200b';

/** `n` stands for the text's number in the corpus; `call` is what each text would run. */
const templates: readonly ((call: string, n: number) => string)[] = [
  // Script elements in many spellings.
  (c) => `<script>${c}</script>`,
  (c) => `<SCRIPT>${c}</SCRIPT>`,
  (c) => `<ScRiPt >${c}</sCrIpT >`,
  (c) => `<script type="text/javascript">${c};alert(1)</script>`,
  (c) => `<script/x>${c}</script>`,
  (c) => `<<script>${c}//<</script>`,
  (c) => `<script src="data:text/javascript,${c}"></script>`,
  (c) => `<scr<script>ipt>${c}</scr</script>ipt>`,
  (c) => `"><script>${c}</script>`,
  (c) => `'><script>${c}</script><'`,
  // Event handlers.
  (c) => `<img src=x onerror=${c}>`,
  (c) => `<img src="x" onerror="${c};alert(document.domain)">`,
  (c) => `<IMG SRC=x ONERROR=${c}>`,
  (c) => `<img src=x:x onerror=javascript:${c}>`,
  (c) => `<svg onload=${c}>`,
  (c) => `<svg><script>${c}</script></svg>`,
  (c) => `<svg><animate onbegin=${c} attributeName=x dur=1s>`,
  (c) => `<iframe src="javascript:parent.${c}"></iframe>`,
  (c) => `<iframe srcdoc="<script>parent.${c}</script>"></iframe>`,
  (c) => `<body onload=${c}>`,
  (c) => `<details open ontoggle=${c}>`,
  (c) => `<input autofocus onfocus=${c}>`,
  (c) => `<select autofocus onfocus=${c}></select>`,
  (c) => `<video><source onerror="${c}"></video>`,
  (c) => `<audio src=x onerror=${c}>`,
  (c) => `<marquee onstart=${c}>${HOSTILE_SEARCH_WORD}</marquee>`,
  (c) => `<div style="width:100vw;height:100vh" onmouseover="${c}">hover ${HOSTILE_SEARCH_WORD}</div>`,
  (c) => `<object data="javascript:${c}"></object>`,
  (c) => `<embed src="javascript:${c}">`,
  (c) => `<form><button formaction="javascript:${c}">Go</button></form>`,
  // URLs and markdown-style links.
  (c) => `javascript:${c}`,
  (c) => `JaVaScRiPt:${c}`,
  (c) => ` javascript:${c}//https://example.com`,
  (c) => `[click ${HOSTILE_SEARCH_WORD}](javascript:${c})`,
  (c) => `[pic](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZCgpPC9zY3JpcHQ+) ${c}`,
  (c) => `<a href="javascript:${c}">link ${HOSTILE_SEARCH_WORD}</a>`,
  (c) => `<a href="data:text/html,<script>${c}</script>">data link</a>`,
  (c) => `<a href="vbscript:msgbox(1)" onclick="${c}">vb</a>`,
  (c) => `https://example.com/"onmouseover="${c}"`,
  (c) => `www.example.com/?q=<script>${c}</script>`,
  // Breaking out of the page state, a textarea, the title, an HTML comment, an attribute.
  (c) => `</script><script>${c}</script>`,
  (c) => `</SCRIPT ><img src=x onerror=${c}>`,
  (c) => `<!--<script>${c}//-->`,
  (c) => `<!-- --><script>${c}</script><!-- -->`,
  (c) => `\u2028\u2029</script><script>${c}</script>`,
  (c) => `</textarea><script>${c}</script>`,
  (c) => `</title><script>${c}</script>`,
  (c) => `</style><script>${c}</script>`,
  (c) => `</noscript><img src=x onerror=${c}>`,
  (c) => `" autofocus onfocus="${c}" x="`,
  (c) => `' autofocus onfocus='${c}' x='`,
  (c) => `\`\${${c}}\``,
  (c) => `{{constructor.constructor('${c}')()}}`,
  (c) => `{"__proto__":{"x":"<img src=x onerror=${c}>"}}`,
  // Encoded spellings.
  (c) => `&lt;script&gt;${c}&lt;/script&gt;`,
  (c) => `&#60;script&#62;${c}&#60;/script&#62;`,
  (c) => `\\u003cscript\\u003e${c}\\u003c/script\\u003e`,
  (c) => `%3Cscript%3E${c}%3C/script%3E`,
  (c) => `<img src=x onerror="&#x5f;&#x5f;pwned(${/\d+/.exec(c)?.[0] ?? ''})">`,
  (c) => `＜script＞${c}＜/script＞`,
  (c) => `<scr${ZERO_WIDTH}ipt>${c}</scr${ZERO_WIDTH}ipt>`,
  // Mentions and hashtags with markup.
  (c) => `@<img src=x onerror=${c}> hi`,
  (c) => `@admin<script>${c}</script> #${HOSTILE_SEARCH_WORD}<svg onload=${c}>`,
  (c) => `#<b onmouseover=${c}>bold</b> #tag`,
  (c) => `#${HOSTILE_SEARCH_WORD}</script><script>${c}</script>`,
  // Right-to-left overrides.
  (c) => `${RTL_OVERRIDE}<script>${c}</script>${POP} gpj.exe`,
  (c) => `${RTL_OVERRIDE}>tpircs/<${c}>tpircs<${POP}`,
  (c) => `${LTR_OVERRIDE}<img src=x onerror=${c}>${POP}${RTL_OVERRIDE}evil${POP}`,
  // Long texts with markup in the middle and at the end.
  (c) => `${'lorem ipsum '.repeat(18)}<img src=x onerror=${c}>${' dolor sit'.repeat(8)}`,
  (c) => `${HOSTILE_SEARCH_WORD} ${'<b>'.repeat(40)}${'x'.repeat(120)}<script>${c}</script>`,
  (c, n) => `${'a'.repeat(420 - String(n).length)}</script><script>${c}</script>`,
];

/** The corpus: every template with its own marker call. */
export const HOSTILE_TEXTS: readonly string[] = templates.map((template, n) => template(`__pwned(${n})`, n));

/** The texts that fit in `max` characters (titles and names are shorter than comments). */
export function textsUpTo(max: number): string[] {
  return HOSTILE_TEXTS.filter((text) => Array.from(text).length <= max);
}
