/**
 * The lead list's address with a whole phone number searched for sealed: `qs=<AES-256-GCM of the
 * number>` instead of `q=010…`, so the desk PC's browser history and any proxy's logs hold no
 * number, and only a server with the session secret reads it back. A name or the last four digits
 * stay readable (`q=`); the lead list, its paging links and its exports all read addresses here.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { parseLeadFilters } from '../../shared/lead-filters';
import { wholeMobilePhone } from '../../shared/lead-validation';

export const SEALED_SEARCH_PARAM = 'qs';
const SEARCH_PARAM = 'q';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type LeadSearchAddress = {
  /** The filters an address asks for (parseLeadFilters), a sealed search opened; one that does not open is an invalid search. */
  read(params: URLSearchParams): ReturnType<typeof parseLeadFilters>;
  /** `params` without empty values, a whole phone number in `q` sealed. */
  write(params: URLSearchParams): URLSearchParams;
};

export function leadSearchAddress(secret: Buffer): LeadSearchAddress {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'lead list search address', 32));
  const seal = (search: string) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(search, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  };
  const open = (value: string): string | null => {
    const bytes = Buffer.from(value, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  };
  return {
    read(params) {
      const sealed = params.get(SEALED_SEARCH_PARAM);
      if (sealed === null) return parseLeadFilters(params);
      const opened = new URLSearchParams(params);
      opened.delete(SEALED_SEARCH_PARAM);
      const search = open(sealed);
      if (search === null) {
        opened.delete(SEARCH_PARAM);
        const read = parseLeadFilters(opened);
        return { ...read, invalid: [...read.invalid, SEARCH_PARAM] };
      }
      opened.set(SEARCH_PARAM, search);
      return parseLeadFilters(opened);
    },
    write(params) {
      const written = new URLSearchParams();
      for (const [name, value] of params) {
        const trimmed = value.trim();
        if (!trimmed) continue;
        if (name === SEARCH_PARAM && wholeMobilePhone(trimmed)) written.set(SEALED_SEARCH_PARAM, seal(trimmed));
        else written.set(name, trimmed);
      }
      return written;
    },
  };
}
