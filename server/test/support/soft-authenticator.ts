// A software authenticator for the passkey tests: a P-256 key made with node:crypto, attestation 'none'
// encoded in CBOR here, and assertions signed for real (ES256 over authenticatorData || SHA-256(clientData)),
// so the service's WebAuthn verification runs exactly as it does for a browser's authenticator. What a
// browser adds (clientDataJSON with the challenge, the origin and the ceremony's type) is made here too,
// for whatever origin and RP ID a test chooses, to play a phishing site as well as the console.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR (RFC 8949) an authenticator writes: integers, text, byte strings and maps are all it needs. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** What the browser would write as the origin of the page that called WebAuthn. */
  origin: string;
  /** What the authenticator hashes as the RP ID. */
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter: raised by every assertion, as a hardware key does. */
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y (RFC 9053).
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** What navigator.credentials.create() answers for `options` (their challenge), as JSON. */
  register(options: { challenge: string }, at: Ceremony) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(at.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      counter,
      Buffer.alloc(16), // AAGUID: none said
      idLength,
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, at.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * What navigator.credentials.get() answers for `options` (their challenge), signed with this key; the
   * counter goes up first unless `counter` is given (a clone replaying an older one).
   */
  assert(options: { challenge: string }, at: Ceremony, { counter }: { counter?: number } = {}) {
    if (counter === undefined) this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter ?? this.counter);
    const authData = Buffer.concat([sha256(at.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, at.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
