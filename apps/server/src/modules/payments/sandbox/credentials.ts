import { generateKeyPair, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import type { Executor } from '../../../db/client.ts';
import { storeCredentialsIfAbsent, storedCredentials } from './repository.ts';

const generate = promisify(generateKeyPair);

/**
 * What the embedded sandbox needs, both sides of it: the merchant's app (id and key
 * pair: the server signs with the private key, the sandbox checks with the public one)
 * and the "Alipay platform" key pair (the sandbox signs notifications and answers, the
 * merchant checks them).
 */
export interface SandboxCredentials {
  appId: string;
  sellerId: string;
  merchantPrivateKey: string;
  merchantPublicKey: string;
  platformPrivateKey: string;
  platformPublicKey: string;
}

async function rsaPair(): Promise<{ privateKey: string; publicKey: string }> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return { privateKey, publicKey };
}

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

/**
 * The sandbox credentials, created on first use and kept in `app_settings`, so every
 * replica (and every restart) signs and verifies with the same keys. Two replicas
 * creating them at once: the first insert wins and both read it back.
 */
export async function sandboxCredentials(db: Executor): Promise<SandboxCredentials> {
  const existing = await storedCredentials(db);
  if (existing) return existing;
  const [merchant, platform] = await Promise.all([rsaPair(), rsaPair()]);
  const created: SandboxCredentials = {
    // Alipay's sandbox app ids start 9021, seller (partner) ids 2088.
    appId: `9021${digits(12)}`,
    sellerId: `2088${digits(12)}`,
    merchantPrivateKey: merchant.privateKey,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformPublicKey: platform.publicKey,
  };
  await storeCredentialsIfAbsent(db, created);
  return (await storedCredentials(db)) ?? created;
}
