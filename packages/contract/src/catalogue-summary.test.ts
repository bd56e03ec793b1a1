import { describe, expect, it } from 'vitest';
import { parseApplicationSummary, sanitizeApplicationSummary } from './catalogue-summary';
import {
  APPLICATION_SUMMARY_LINKS_MARKER,
  composeApplicationSummary,
  isSafeLinkUrl,
  sanitizeSummaryHtml,
} from './catalogue-summary-rules';

describe('application summary', () => {
  it('splits HTML from the links after the marker', () => {
    const links = [{ title: 'Docs', url: 'https://wordpress.org/documentation/' }];
    const summary = `<p>Blog</p>${APPLICATION_SUMMARY_LINKS_MARKER}${JSON.stringify(links)}`;
    expect(parseApplicationSummary(summary)).toEqual({ html: '<p>Blog</p>', links });
    expect(composeApplicationSummary(parseApplicationSummary(summary))).toBe(summary);
  });

  it('reads a summary without marker as HTML only and survives broken link JSON', () => {
    expect(parseApplicationSummary('<p>x</p>')).toEqual({ html: '<p>x</p>', links: [] });
    expect(parseApplicationSummary('<p>x</p><!--links-->[{oops')).toEqual({ html: '<p>x</p>', links: [] });
    expect(parseApplicationSummary('<p>x</p><!--links-->{"a":1}').links).toEqual([]);
  });

  it('drops links that are not https', () => {
    const summary = `<p>x</p><!--links-->${JSON.stringify([
      { title: 'ok', url: 'https://example.com/a?b=c#d' },
      { title: 'js', url: 'javascript:alert(1)' },
      { title: 'http', url: 'http://example.com' },
      { title: 'rel', url: '//evil.example' },
      { title: 'no title', url: 'https://example.com', extra: 1 },
      { url: 'https://example.com' },
    ])}`;
    expect(parseApplicationSummary(summary).links.map((l) => l.title)).toEqual(['ok', 'no title']);
  });

  it('accepts only absolute https URLs', () => {
    expect(isSafeLinkUrl('https://docs.docker.com/engine/')).toBe(true);
    expect(isSafeLinkUrl(' https://example.com:8443/x ')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      'http://x.y',
      '/local',
      'https://',
      'https://a.b/"onclick',
    ])
      expect(isSafeLinkUrl(bad)).toBe(false);
  });
});

describe('summary HTML sanitiser', () => {
  it('keeps the allowed tags and strips their attributes', () => {
    expect(
      sanitizeSummaryHtml(
        '<p class="x" onclick="evil()">A <strong>b</strong> <em>c</em> <code>d</code><br/></p>',
      ),
    ).toBe('<p>A <strong>b</strong> <em>c</em> <code>d</code><br></p>');
    expect(sanitizeSummaryHtml('<UL><LI>one<li>two</UL>')).toBe('<ul><li>one<li>two</li></li></ul>');
  });

  it('removes script and style with their content, and comments', () => {
    expect(sanitizeSummaryHtml('<p>a</p><script>alert("x")</script><style>p{}</style><!-- c -->b')).toBe(
      '<p>a</p>b',
    );
    expect(sanitizeSummaryHtml('<SCRIPT src=x>alert(1)</SCRIPT >ok')).toBe('ok');
    expect(sanitizeSummaryHtml('<script>never closed')).toBe('');
    expect(sanitizeSummaryHtml('<iframe src="https://x.y"></iframe>t')).toBe('t');
  });

  it('keeps only https links, opening in a new tab', () => {
    expect(sanitizeSummaryHtml('<a href="https://example.com/?a=1&amp;b=2" title="t">x</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeSummaryHtml('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeSummaryHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeSummaryHtml("<a href=' javascript:alert(1)'>x</a>")).toBe('x');
    expect(sanitizeSummaryHtml('<a href=data:text/html,1>x</a>')).toBe('x');
    expect(sanitizeSummaryHtml('<a>x</a>')).toBe('x');
  });

  it('drops unknown tags but keeps their text, and escapes stray markup', () => {
    expect(sanitizeSummaryHtml('<div><img src=x onerror=alert(1)>Hi <b>there</b></div>')).toBe('Hi there');
    expect(sanitizeSummaryHtml('1 < 2 & 3 > 2 &amp; &copy;')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; &copy;');
    expect(sanitizeSummaryHtml('<p title="a>b">x</p>')).toBe('<p>x</p>');
    expect(sanitizeSummaryHtml('</p>x<strong>open')).toBe('x<strong>open</strong>');
    expect(sanitizeSummaryHtml('<!doctype html><?xml x?>x')).toBe('x');
    expect(sanitizeSummaryHtml('<<script>x</script>p>')).toBe('&lt;p&gt;');
  });

  it('sanitises a whole summary', () => {
    const dirty = `<p onmouseover="x">Hi</p><script>bad()</script><!--links-->${JSON.stringify([
      { title: 'Site', url: 'https://example.com' },
      { title: 'Bad', url: 'javascript:void(0)' },
    ])}`;
    expect(sanitizeApplicationSummary(dirty)).toBe(
      `<p>Hi</p><!--links-->${JSON.stringify([{ title: 'Site', url: 'https://example.com' }])}`,
    );
  });
});
