import { describe, expect, it } from 'vitest';
import { decodeEntities, indexPage, mainText, urlOf, withoutLive } from './search-index.ts';

const page = (main: string, extra = '') =>
  `<html><head><title>Lockbox Rental | Lantern</title><meta name="description" content="Rent a &quot;lockbox&quot;.">${extra}</head><body><header>Menu</header><main id="main">${main}</main><footer>Footer</footer></body></html>`;

describe('search index', () => {
  it('takes the title without the site name, the description and the main text only', () => {
    const entry = indexPage(
      '/lockbox-rental',
      page('<h1>Lockbox</h1><script>var x=1</script><p>Agents&nbsp;open it &amp; lock up.</p>'),
      'Lantern',
    );
    expect(entry).toEqual({
      url: '/lockbox-rental',
      title: 'Lockbox Rental',
      description: 'Rent a "lockbox".',
      text: 'Lockbox Agents open it & lock up.',
      kind: 'page',
    });
  });

  it('skips noindex pages and sorts pages into kinds', () => {
    expect(
      indexPage('/x', page('x', '<meta name="robots" content="noindex">'), 'Lantern'),
    ).toBeNull();
    expect(indexPage('/flat-fee-mls/austin-tx', page('x'), 'Lantern')?.kind).toBe('city');
    expect(indexPage('/blog/what-is-the-mls', page('x'), 'Lantern')?.kind).toBe('post');
    expect(indexPage('/blog/tag/mls', page('x'), 'Lantern')?.kind).toBe('page');
    expect(indexPage('/mls/crmls', page('x'), 'Lantern')?.kind).toBe('mls');
  });

  it('marks the menus’ service and help pages, with the service’s menu name', () => {
    const sections = {
      services: new Map([['/lockbox-rental', 'Lockbox Rental']]),
      help: new Set(['/company/contact']),
    };
    expect(indexPage('/lockbox-rental', page('x'), 'Lantern', sections)).toMatchObject({
      kind: 'service',
      label: 'Lockbox Rental',
    });
    expect(indexPage('/company/contact', page('x'), 'Lantern', sections)?.kind).toBe('help');
    expect(indexPage('/company/about-us', page('x'), 'Lantern', sections)?.kind).toBe('page');
  });

  it('maps files to URLs and decodes entities', () => {
    expect(urlOf('index.html')).toBe('/');
    expect(urlOf('company/about-us.html')).toBe('/company/about-us');
    expect(decodeEntities('&#8217;&#x2014;&lt;b&gt;')).toBe('’—<b>');
    expect(mainText('<main><style>a{}</style><!-- c -->Hi</main>')).toBe('Hi');
  });

  it('leaves out the elements marked data-live, with all they hold', () => {
    const main =
      '<h1>Lockbox</h1><p>Rent one for <span data-live>$35</span> a month.</p>' +
      '<section data-live="listings"><div><div>3 homes</div></div><p>Maple St</p></section>' +
      '<div><div>Still here</div></div><input data-live value="7"><p>End</p>';
    expect(mainText(`<main>${main}</main>`)).toBe('Lockbox Rent one for a month. Still here End');
  });

  it('keeps elements whose attribute only starts like data-live', () => {
    expect(withoutLive('<p data-lively="x">kept</p><p>also</p>')).toBe(
      '<p data-lively="x">kept</p><p>also</p>',
    );
    expect(withoutLive('<p class="a" data-live>gone<p>also gone</p></p>after')).toBe(' after');
  });
});
