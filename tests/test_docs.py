"""The documentation site in a real browser (headless Chromium driven by Playwright): every page loads with no request
leaving 127.0.0.1, no hidden cell or `#|` directive shows, every stored figure appears, formulas are typeset, search
finds a function, and a sidebar link works. Needs the site (`make docs`), Chromium (Debian's `chromium`) and
Playwright (docs/requirements.txt); skips, saying which is missing, where one is. `make docs-test` runs it."""
import functools, http.server, re, shutil, threading
from pathlib import Path
from urllib.parse import urlparse
import pytest

SITE = Path(__file__).resolve().parents[1] / 'docs' / '_build' / 'html'
CHROMIUM = shutil.which('chromium') or shutil.which('chromium-browser')
sync_api = pytest.importorskip('playwright.sync_api', reason='Playwright is not installed: make docs installs it')
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason='no Chromium on this machine (Debian: apt-get install chromium)'),
    pytest.mark.skipif(not (SITE / 'index.html').exists(), reason='no site built: run make docs'),
]


@pytest.fixture(scope='module')
def site():
    "The built site served on 127.0.0.1, and a browser page that records every request it makes"
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f'http://127.0.0.1:{server.server_address[1]}/'
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=['--no-sandbox'])
        page = browser.new_page()
        page.requests = []
        page.on('request', lambda r: page.requests.append(r.url))
        yield base, page
        browser.close()
    server.shutdown()


RAW_MATH = '''els => els.map(e => { const c = e.cloneNode(true);
    c.querySelectorAll('code, pre, mjx-container').forEach(x => x.remove()); return c.textContent; })
  .filter(t => /\\$[^\\s$0-9]/.test(t))'''  # a paragraph's text, code and typeset math left out, with a $ left


def pages():
    index = (SITE / 'index.html').read_text()
    return sorted({m for m in re.findall(r'href="([0-9]{2}[a-z]?_[\w]+\.html)"', index)})


def test_every_notebook_is_a_page():
    names = {p.stem for p in (SITE.parent.parent.parent / 'nbs').glob('*.ipynb')} - {'index'}
    assert {p[:-5] for p in pages()} == names


def test_every_page_loads_offline_with_its_figures_and_no_directive(site):
    base, page = site
    for name in ['index.html', *pages()]:
        response = page.goto(base + name, wait_until='load')
        assert response.ok, name
        body = page.inner_text('article')
        assert '#|' not in body, f'{name} shows an nbdev directive'
        assert 'from fastcore.test import' not in body, f'{name} shows a hidden cell'
        raw = page.eval_on_selector_all('article p, article li', RAW_MATH)
        assert raw == [], f'{name}: formulas left as text: {raw[:3]}'
        broken = page.eval_on_selector_all('article img', 'imgs => imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)')
        assert broken == [], f'{name}: figures that do not show: {broken}'
    away = [u for u in page.requests if urlparse(u).hostname not in ('127.0.0.1', None) and not u.startswith('data:')]
    assert away == [], f'requests that left the machine: {away[:5]}'


def test_stored_figures_and_formulas(site):
    base, page = site
    page.goto(base + '09_results.html', wait_until='load')
    assert page.eval_on_selector_all('article img', 'imgs => imgs.length') > 0  # the results' figures
    page.goto(base + '04_hdcfl.html', wait_until='networkidle')
    page.wait_for_selector('mjx-container', timeout=20000)
    assert page.eval_on_selector_all('mjx-container', 'm => m.length') > 5  # typeset, not raw $...$
    assert '$$' not in page.inner_text('article')


def test_search_finds_a_function_and_the_sidebar_links(site):
    base, page = site
    page.goto(base + 'search.html?q=client_generator', wait_until='networkidle')
    page.wait_for_selector('#search-results li a', timeout=20000)
    hits = page.eval_on_selector_all('#search-results li a', 'a => a.map(x => x.getAttribute("href"))')
    assert any(h.startswith('02a_algorithms.html') for h in hits), hits  # client_generator is in 02a_algorithms
    page.goto(base + 'index.html', wait_until='load')
    page.click('nav.bd-links a[href="06l_fedrod.html"]')
    page.wait_for_load_state('load')
    assert page.url.endswith('06l_fedrod.html') and 'FedRoD' in page.title()
    page.goto(base + 'index.html', wait_until='load')  # the guides: in the sidebar, and linked from the README
    page.click('nav.bd-links a[href="guides/flower.html"]')
    page.wait_for_load_state('load')
    assert page.url.endswith('guides/flower.html') and 'Flower' in page.title()
    assert 'flower-superlink' in page.inner_text('article')
