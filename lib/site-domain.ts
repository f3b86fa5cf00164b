/**
 * The stage's own domain, read from its public URL (`-c siteUrl=https://www.limpanome.com.br`): CloudFront answers on
 * it with a certificate the edge stack issues (lib/edge-stack.ts), and every link the product writes (e-mails, the
 * API's URL, canonical links) names it. Only an https origin of a DNS name is a domain CloudFront can serve: no path,
 * port, credentials or IP address.
 */
export function siteDomainOf(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new Error(`siteUrl must be the site's https address, e.g. https://www.limpanome.com.br (got "${siteUrl}").`);
  }
  const host = url.hostname;
  const isName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host);
  if (
    url.protocol !== 'https:' ||
    !isName ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    !['', '/'].includes(url.pathname) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new Error(
      `siteUrl must be the site's https address and nothing more, e.g. https://www.limpanome.com.br (got "${siteUrl}").`,
    );
  }
  return host;
}
