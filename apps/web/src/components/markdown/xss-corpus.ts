/**
 * Markdown and raw-HTML payloads that try to run script, load active content or smuggle an unsafe
 * URL past the renderer. Each sets window.__xss if it ever runs.
 */
export const XSS_CORPUS: readonly { name: string; source: string }[] = [
  { name: 'script element', source: '<script>window.__xss = 1</script>' },
  { name: 'script split over lines', source: '<script\n>window.__xss = 1</script\n>' },
  { name: 'img onerror', source: '<img src=x onerror="window.__xss = 1">' },
  { name: 'img ONERROR upper case', source: '<IMG SRC=x ONERROR="window.__xss = 1">' },
  { name: 'svg onload', source: '<svg onload="window.__xss = 1"><circle r="1"/></svg>' },
  { name: 'script inside svg', source: '<svg><script>window.__xss = 1</script></svg>' },
  {
    name: 'svg xlink:href',
    source: '<svg><a xlink:href="javascript:window.__xss=1"><text y="10">x</text></a></svg>',
  },
  { name: 'javascript: link', source: '<a href="javascript:window.__xss=1">x</a>' },
  { name: 'mixed-case scheme', source: '<a href="JaVaScRiPt:window.__xss=1">x</a>' },
  {
    name: 'decimal entity scheme',
    source:
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">x</a>',
  },
  {
    name: 'hex entity and &colon;',
    source: '<a href="&#x6A;avascript&colon;window.__xss=1">x</a>',
  },
  { name: 'padded entity colon', source: '<a href="javascript&#0000058window.__xss=1">x</a>' },
  { name: 'leading spaces', source: '<a href="  javascript:window.__xss=1">x</a>' },
  { name: 'tab inside the scheme', source: '<a href="java&#x09;script:window.__xss=1">x</a>' },
  { name: 'newline inside the scheme', source: '<a href="java\nscript:window.__xss=1">x</a>' },
  { name: 'control character prefix', source: '<a href="&#x01;javascript:window.__xss=1">x</a>' },
  { name: 'vbscript: link', source: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: 'data:text/html link',
    source: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  {
    name: 'data: URL with markup',
    source: '<a href="data:text/html,<script>window.__xss=1</script>">x</a>',
  },
  { name: 'javascript: image', source: '<img src="javascript:window.__xss=1" alt="x">' },
  {
    name: 'data: svg image',
    source: '<img alt="x" src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  },
  { name: 'srcset', source: '<img alt="x" srcset="javascript:window.__xss=1 1x">' },
  { name: 'markdown link', source: '[x](javascript:window.__xss=1)' },
  { name: 'markdown link upper case', source: '[x](JAVASCRIPT:window.__xss=1)' },
  { name: 'markdown link entity', source: '[x](&#106;avascript:window.__xss=1)' },
  { name: 'markdown link with title', source: '[x](javascript:window.__xss=1 "t")' },
  { name: 'markdown vbscript link', source: '[x](vbscript:msgbox)' },
  { name: 'markdown data link', source: '[x](data:text/html;base64,PHNjcmlwdD4=)' },
  { name: 'markdown image', source: '![x](javascript:window.__xss=1)' },
  { name: 'markdown data image', source: '![x](data:image/svg+xml,<svg/onload=alert(1)>)' },
  { name: 'autolink', source: '<javascript:window.__xss=1>' },
  { name: 'reference link', source: '[x][r]\n\n[r]: javascript:window.__xss=1' },
  { name: 'iframe', source: '<iframe src="javascript:window.__xss=1"></iframe>' },
  { name: 'iframe srcdoc', source: '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>' },
  { name: 'object', source: '<object data="javascript:window.__xss=1"></object>' },
  { name: 'embed', source: '<embed src="javascript:window.__xss=1">' },
  {
    name: 'form action',
    source: '<form action="javascript:window.__xss=1"><button>Go</button></form>',
  },
  {
    name: 'button formaction',
    source: '<button formaction="javascript:window.__xss=1">Go</button>',
  },
  { name: 'input autofocus onfocus', source: '<input autofocus onfocus="window.__xss=1">' },
  { name: 'style element', source: '<style>body { background: url(javascript:alert(1)) }</style>' },
  {
    name: 'style attribute url()',
    source: '<div style="background-image: url(javascript:window.__xss=1)">x</div>',
  },
  { name: 'style attribute expression()', source: '<p style="width: expression(alert(1))">x</p>' },
  {
    name: 'math href',
    source: '<math><mi href="javascript:window.__xss=1">click</mi></math>',
  },
  {
    name: 'math namespace confusion',
    source: '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  },
  {
    name: 'details ontoggle',
    source: '<details open ontoggle="window.__xss=1"><summary>s</summary>x</details>',
  },
  { name: 'base href', source: '<base href="javascript:window.__xss=1//">' },
  {
    name: 'meta refresh',
    source: '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  },
  { name: 'link import', source: '<link rel="stylesheet" href="javascript:window.__xss=1">' },
  { name: 'comment break-out', source: '<!--><img src=x onerror="window.__xss=1">-->' },
  { name: 'bogus comment close', source: '<!-- --!><img src=x onerror="window.__xss=1"> -->' },
  {
    name: 'noscript mutation',
    source: '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>',
  },
  { name: 'template', source: '<template><script>window.__xss=1</script></template>' },
  { name: 'onclick on a link', source: '<a href="#top" onclick="window.__xss=1">x</a>' },
  { name: 'body onload', source: '<body onload="window.__xss=1">' },
  { name: 'video source onerror', source: '<video><source onerror="window.__xss=1"></video>' },
  { name: 'audio onerror', source: '<audio src=x onerror="window.__xss=1"></audio>' },
  {
    name: 'table cell link',
    source: '<table><tr><td><a href="javascript:1">x</a></td></tr></table>',
  },
  { name: 'img name clobbering', source: '<img name="cookie" alt="x"><form name="x"></form>' },
  { name: 'id clobbering', source: '<a id="__xss" href="#">x</a>' },
  {
    name: 'code block with markup',
    source: '```html\n<script>window.__xss=1</script><img src=x onerror=alert(1)>\n```',
  },
  {
    name: 'highlighted code that closes its tags',
    source: '```js\n</code></pre><img src=x onerror="window.__xss=1">\n```',
  },
  { name: 'inline code with markup', source: '`<img src=x onerror="window.__xss=1">`' },
];
