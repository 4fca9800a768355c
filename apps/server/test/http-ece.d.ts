/** Types of the parts of `http_ece` 1.2 (Encrypted Content-Encoding for HTTP, RFC 8188/8291) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface EceParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's ECDH key pair (RFC 8291: the browser's P-256 key). */
    privateKey?: ECDH;
    /** The receiver's auth secret, base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    keyid?: string | Buffer;
    rs?: number;
  }
  const ece: { decrypt(buffer: Buffer, params: EceParams): Buffer; encrypt(buffer: Buffer, params: EceParams): Buffer };
  export default ece;
}
