import { createSign, createVerify } from 'node:crypto';

/**
 * Alipay's RSA2 signatures as the gateway side makes and checks them. A request is
 * signed over every parameter but `sign` (sign_type included); what the gateway sends
 * (notifications, return parameters) over every parameter but `sign` and `sign_type`.
 * Either way: keys sorted, `key=value` joined with `&`, values as they are, empty
 * values left out.
 */
function content(params: Record<string, string>, without: string[]): string {
  return Object.keys(params)
    .filter((key) => !without.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function requestSignContent(params: Record<string, string>): string {
  return content(params, ['sign']);
}

export function rsa2Sign(text: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(text, 'utf8')
      .verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** The parameters of a notification or a return redirect, with `sign_type` and `sign` added. */
export function signGatewayParams(
  params: Record<string, string>,
  privateKeyPem: string,
): Record<string, string> {
  const sign = rsa2Sign(content(params, ['sign', 'sign_type']), privateKeyPem);
  return { ...params, sign_type: 'RSA2', sign };
}
