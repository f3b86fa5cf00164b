import { describe, expect, it, vi } from 'vitest';
import { browserErrorSchema, type BrowserErrorReport } from '@domain/api/browser-errors.js';
import { BROWSER_ERRORS_PER_PAGE, routePattern, scrubPersonalData } from '@domain/browser-errors.js';
import { createErrorReporter, errorMessageOf, installErrorReporting } from '@/lib/error-reporting';

function reporterOn(path: string, overrides: { limit?: number; send?: () => Promise<unknown> } = {}) {
  const sent: BrowserErrorReport[] = [];
  let current = path;
  const report = createErrorReporter({
    send: overrides.send ?? (async (body) => sent.push(body)),
    patternOf: (pathname) => (pathname.startsWith('/admin/clientes/') ? '/admin/clientes/:id' : pathname),
    currentPath: () => current,
    build: 'abc123',
    limit: overrides.limit,
  });
  return { report, sent, go: (next: string) => (current = next) };
}

describe('the SPA error reporter', () => {
  it('sends the route pattern, the message and the build, in a body the route accepts', () => {
    const { report, sent } = reporterOn('/admin/clientes/2f6c1a3e-0c1d-4b9a-9d7e-1b2c3d4e5f60');
    report('render', new TypeError('x is undefined'));
    expect(sent).toEqual([
      { kind: 'render', route: '/admin/clientes/:id', message: 'TypeError: x is undefined', build: 'abc123' },
    ]);
    expect(browserErrorSchema.safeParse(sent[0]).success).toBe(true);
  });

  it('sends the same error once, but the same message from another route or kind again', () => {
    const { report, sent, go } = reporterOn('/app/dashboard');
    for (let i = 0; i < 3; i++) report('render', new Error('boom'));
    report('rejection', new Error('boom'));
    go('/app/perfil');
    report('render', new Error('boom'));
    expect(sent.map((r) => `${r.kind} ${r.route}`)).toEqual([
      'render /app/dashboard',
      'rejection /app/dashboard',
      'render /app/perfil',
    ]);
  });

  it(`sends at most ${BROWSER_ERRORS_PER_PAGE} reports a page load, whatever keeps failing`, () => {
    const { report, sent } = reporterOn('/app/dashboard');
    for (let i = 0; i < 50; i++) report('rejection', new Error(`falha ${String.fromCharCode(97 + (i % 26))}`));
    expect(sent).toHaveLength(BROWSER_ERRORS_PER_PAGE);
    const small = reporterOn('/app/dashboard', { limit: 2 });
    for (let i = 0; i < 5; i++) small.report('render', new Error(`e${'x'.repeat(i)}`));
    expect(small.sent).toHaveLength(2);
  });

  it('keeps personal data out: documents, e-mails and concrete ids never leave the browser', () => {
    const { report, sent } = reporterOn('/verificar/ABCD2345?cpf=12345678909');
    report(
      'rejection',
      new Error('CPF 123.456.789-09 de ana.souza@example.com inválido em https://x.example/a?email=ana@example.com'),
    );
    expect(sent[0]).toMatchObject({
      route: '/verificar/:param',
      message: 'Error: CPF [documento] de [e-mail] inválido em https://x.example/a',
    });
    expect(JSON.stringify(sent)).not.toMatch(/123\.456|12345678909|ana\.souza|ana@|ABCD2345/);
  });

  it('never throws, even when sending fails or the error is not an Error', async () => {
    const failing = reporterOn('/app', { send: () => Promise.reject(new Error('offline')) });
    expect(() => failing.report('render', new Error('x'))).not.toThrow();
    const { report, sent } = reporterOn('/app');
    report('rejection', 'só um texto');
    report('rejection', null);
    report('rejection', { code: 42 });
    expect(sent.map((r) => r.message)).toEqual(['só um texto', 'Non-Error null thrown', 'Non-Error object thrown']);
    await Promise.resolve();
  });

  it('reports rejections nobody handled once installed', () => {
    const listeners: Record<string, (event: { reason: unknown }) => void> = {};
    const send = vi.fn(async () => undefined);
    installErrorReporting({ send, patternOf: (p) => p, currentPath: () => '/app/pagamento', build: 'b1' }, {
      addEventListener: (type: string, listener: never) => (listeners[type] = listener),
    } as never);
    listeners.unhandledrejection?.({ reason: new Error('fetch failed') });
    expect(send).toHaveBeenCalledWith({
      kind: 'rejection',
      route: '/app/pagamento',
      message: 'Error: fetch failed',
      build: 'b1',
    });
  });
});

describe('the shared cleaning rules', () => {
  it('reduces a path to a pattern: known words stay, anything with digits or too long becomes :param', () => {
    expect(routePattern('/app/contrato/imprimir/:contractId')).toBe('/app/contrato/imprimir/:contractId');
    expect(routePattern('/app/contrato/imprimir/c-123?x=1#y')).toBe('/app/contrato/imprimir/:param');
    expect(routePattern('/ana@example.com')).toBe('/:param');
    expect(routePattern('/')).toBe('/');
  });

  it('trims a long message and drops control characters', () => {
    expect(scrubPersonalData(`a\u0000b\n${'x'.repeat(400)}`)).toHaveLength(300);
    expect(scrubPersonalData('linha\u0007um\r\nlinha dois')).toBe('linha um linha dois');
    expect(errorMessageOf(new RangeError('fora'))).toBe('RangeError: fora');
  });
});
