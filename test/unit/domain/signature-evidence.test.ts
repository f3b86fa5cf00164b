import { describe, expect, it } from 'vitest';
import { geoFromViewerHeaders, signerIp, viewerAddressIp } from '../../../domain/signature-evidence.js';

describe('geoFromViewerHeaders (CloudFront viewer headers → signing location)', () => {
  it('reads city (percent-encoded), region, country and coordinates', () => {
    expect(
      geoFromViewerHeaders({
        'cloudfront-viewer-city': 'S%C3%A3o%20Louren%C3%A7o',
        'cloudfront-viewer-country-region': 'MG',
        'cloudfront-viewer-country': 'br',
        'cloudfront-viewer-latitude': '-22.11670',
        'cloudfront-viewer-longitude': '-45.05440',
      }),
    ).toEqual({ cidade: 'São Lourenço', estado: 'MG', pais: 'Brasil', latitude: -22.1167, longitude: -45.0544 });
  });

  it('uses the spec’s defaults for whatever is missing', () => {
    expect(geoFromViewerHeaders({})).toEqual({
      cidade: 'N/A',
      estado: 'N/A',
      pais: 'Brasil',
      latitude: null,
      longitude: null,
    });
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-city': '   ', 'cloudfront-viewer-latitude': '' })).toMatchObject({
      cidade: 'N/A',
      latitude: null,
    });
  });

  it('names known countries and shows others by their code', () => {
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-country': 'PT' }).pais).toBe('Portugal');
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-country': 'US' }).pais).toBe('Estados Unidos');
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-country': 'ar' }).pais).toBe('AR');
  });

  it('refuses coordinates out of range or not numbers, keeping the limits themselves', () => {
    const geo = (latitude: string, longitude: string) =>
      geoFromViewerHeaders({ 'cloudfront-viewer-latitude': latitude, 'cloudfront-viewer-longitude': longitude });
    expect(geo('90', '180')).toMatchObject({ latitude: 90, longitude: 180 });
    expect(geo('-90', '-180')).toMatchObject({ latitude: -90, longitude: -180 });
    expect(geo('90.1', '180.1')).toMatchObject({ latitude: null, longitude: null });
    expect(geo('norte', 'Infinity')).toMatchObject({ latitude: null, longitude: null });
    // Number('  ') is 0: a blank header must not place the signer on the equator.
    expect(geo('  ', ' ')).toMatchObject({ latitude: null, longitude: null });
    expect(geo(' -22.5 ', '0')).toMatchObject({ latitude: -22.5, longitude: 0 });
  });

  it('keeps header text short and printable, and survives a broken percent-encoding', () => {
    const hostile = geoFromViewerHeaders({
      'cloudfront-viewer-city': '<script>alert(1)</script>',
      'cloudfront-viewer-country-region': 'M'.repeat(200),
    });
    expect(hostile.cidade).toBe('scriptalert1script');
    expect(hostile.estado).toHaveLength(80);
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-city': 'S%E3o%' }).cidade).toBe('SE3o');
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-city': '<>' }).cidade).toBe('N/A');
  });
});

describe('signerIp', () => {
  it('keeps IPv4 and IPv6 addresses as API Gateway saw them', () => {
    expect(signerIp('200.10.20.30')).toBe('200.10.20.30');
    expect(signerIp(' 2804:14c:65:8000::1 ')).toBe('2804:14c:65:8000::1');
  });
  it('answers the spec’s default for nothing or junk', () => {
    expect(signerIp(undefined)).toBe('IP não disponível');
    expect(signerIp('')).toBe('IP não disponível');
    expect(signerIp('1.2.3.4; DROP TABLE')).toBe('IP não disponível');
    expect(signerIp('1')).toBe('IP não disponível');
    expect(signerIp('f'.repeat(46))).toBe('IP não disponível');
  });
});

describe('viewerAddressIp (CloudFront-Viewer-Address → IP)', () => {
  it('drops the port after the last colon, for IPv4 and unbracketed IPv6', () => {
    expect(viewerAddressIp('200.10.20.30:51234')).toBe('200.10.20.30');
    expect(viewerAddressIp('2804:14c:5b80:8f2a::7:443')).toBe('2804:14c:5b80:8f2a::7');
    expect(viewerAddressIp(' 127.0.0.1:1 ')).toBe('127.0.0.1');
  });
  it('gives nothing for a missing or malformed header, so API Gateway’s source IP is used instead', () => {
    expect(viewerAddressIp(undefined)).toBeUndefined();
    expect(viewerAddressIp('')).toBeUndefined();
    expect(viewerAddressIp('200.10.20.30')).toBeUndefined();
    expect(viewerAddressIp(':443')).toBeUndefined();
    expect(viewerAddressIp('1.2.3.4:port')).toBeUndefined();
    expect(viewerAddressIp('1.2.3.4:123456')).toBeUndefined();
  });
});
