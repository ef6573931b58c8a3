import type { RequestHandler } from 'express';
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import type { ContentSource } from './content/types';

/**
 * Sanity calls this on publish; a valid signature purges the content cache so Studio edits show
 * on the next request without waiting for the cache TTL.
 */
export function createSanityWebhookHandler(options: {
  secret: string | undefined;
  content: ContentSource;
}): RequestHandler {
  return async (req, res) => {
    if (!options.secret) {
      res.status(404).json({ error: '웹훅이 설정되지 않았습니다.' });
      return;
    }
    const signature = req.get(SIGNATURE_HEADER_NAME);
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (!signature || !(await signatureMatches(body, signature, options.secret))) {
      res.status(401).json({ error: '서명이 올바르지 않습니다.' });
      return;
    }
    options.content.invalidate();
    res.status(200).json({ revalidated: true });
  };
}

async function signatureMatches(body: string, signature: string, secret: string): Promise<boolean> {
  try {
    return await isValidSignature(body, signature, secret);
  } catch {
    // A malformed header is a bad request from the caller, not a server fault.
    return false;
  }
}
