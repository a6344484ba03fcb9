import { describe, expect, it } from 'vitest';
import { apiKeyMayCall } from './api-key-scope.js';

describe('apiKeyMayCall', () => {
  it.each([
    ['POST', '/api/paint/imagine'],
    ['POST', '/api/chat/message'],
    ['POST', '/api/generate/text2image'],
    ['GET', '/api/generate/record'],
    ['POST', '/api/project'],
    ['GET', '/api/project/info'],
    ['POST', '/api/upload'],
    ['GET', '/api/aws/token'],
    ['GET', '/api/file/download'],
    ['POST', '/api/photoshoot/background'],
    ['POST', '/api/mockup/result'],
    ['GET', '/api/material/list'],
    ['POST', '/api/composite/material'],
    ['POST', '/api/segment/box'],
    ['GET', '/api/vector/search/keyword'],
    ['GET', '/api/user/me'],
    ['GET', '/api/user/info'],
    ['GET', '/api/credits/history'],
    ['POST', '/api/quotation/estimate'],
    ['POST', '/api/quotation/message'],
    ['GET', '/api/quotation/pdf'],
    ['GET', '/api/factory/list'],
    ['GET', '/api/factory/search/city'],
    ['GET', '/api/print/check'],
    ['GET', '/api/print/requests'],
  ])('allows %s %s', (method, path) => {
    expect(apiKeyMayCall({ method, path })).toBe(true);
  });

  it.each([
    ['POST', '/api/pay/subscribe'],
    ['POST', '/api/pay/upgrade'],
    ['GET', '/api/pay/billing'],
    ['POST', '/api/redeemCode/use'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/user/api_keys'],
    ['POST', '/api/user/api_keys'],
    ['DELETE', '/api/user/api_keys'],
    ['POST', '/api/user/logout'],
    ['POST', '/api/user/accountLogin'],
    ['POST', '/api/user/guest_login'],
    ['POST', '/api/user/setting/generate/num'],
    ['PUT', '/api/user/upload/history'],
    ['POST', '/api/analytics/page_view'],
    ['POST', '/api/editor/open'],
    ['POST', '/api/user/me'],
    ['GET', '/api/projectX'],
    ['GET', '/api/user/meX'],
    ['POST', '/api/print/request'],
    ['POST', '/api/admin/factory'],
    ['GET', '/api/admin/print_requests'],
  ])('refuses %s %s', (method, path) => {
    expect(apiKeyMayCall({ method, path })).toBe(false);
  });
});
