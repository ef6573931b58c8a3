/** Preview (drafts on the real page): its routes and the banner's words, shared by server and pages. */

/** Which backend a preview reads drafts from: the way out and the editing overlay differ. */
export type PreviewMode = 'embedded' | 'sanity';
export const PREVIEW_PATHS = {
  /** POST, embedded store: an admin turns preview on (`enable=1`) or off (`enable=0`), returning to `path`. */
  toggle: '/admin/preview',
  /** The console page that shows the embedded store's switch (a GET of `toggle` goes there). */
  console: '/admin',
  /** GET, Sanity: the Studio's Presentation tool enters preview with its signed secret. */
  enable: '/api/preview/enable',
  /** GET, Sanity: leaves preview, returning to `path`. */
  disable: '/api/preview/disable',
} as const;

export const previewText = {
  banner: '미리보기 모드 — 게시되지 않은 변경 내용이 보입니다',
  exit: '미리보기 끝내기',
};
