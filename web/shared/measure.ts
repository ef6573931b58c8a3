/** The page-view beacon, shared by the browser that sends it and the server that counts it. */
export const MEASURE_PATH = '/api/measure';

/** What the page-view beacon sends (JSON): nothing about the visitor, only about the view. */
export type PageViewBeacon = {
  /** The page's path. */
  page: string;
  /** The first page of the visit (of this browser tab). */
  landing: boolean;
  /** The origin of the landing page's referrer (only its host is kept); empty otherwise. */
  referrer: string;
  /** The visit's utm_* query (`utm_source=naver&…`), from the landing URL. */
  campaign: string;
};
