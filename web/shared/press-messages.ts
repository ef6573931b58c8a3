/**
 * The press room's fixed strings (its list, article and writing form; the sign-in fields reuse
 * the account ones). Apart from the other interface messages so that pages without the press
 * room do not carry them in their scripts.
 */
export const pressMessages = {
  title: '언론보도',
  author: '관리자',
  authorColumn: '작성자',
  no: 'NO',
  /** What screen readers say for the NO column: an English abbreviation read as a word otherwise. */
  noName: '번호',
  headline: '제목',
  date: '작성일',
  views: '조회수',
  more: '더보기',
  loadingMore: '불러오는 중...',
  loadFailed: '목록을 불러오지 못했습니다. 다시 시도해 주세요.',
  empty: '등록된 기사가 없습니다.',
  firstPage: '처음 목록으로',
  backToList: '목록으로',
  adminHeading: '관리자',
  email: '이메일',
  password: '비밀번호',
  login: '로그인',
  logout: '로그아웃',
  writeHeading: '게시물 작성',
  adminOnly: '기사 작성은 관리자 계정만 할 수 있습니다.',
  summary: '요약',
  body: '본문',
  submit: '게시물 등록',
  bodyHint: '줄을 바꾸면 문단이 나뉩니다.',
  loginFailed: (reason: string) => `로그인 실패: ${reason}`,
  titleSummaryRequired: '제목과 요약은 필수입니다!',
  adminWelcome: (email: string) => `${email}님 환영합니다`,
  tooLong: '제목은 200자, 요약은 1,000자, 본문은 20,000자까지 쓸 수 있습니다.',
} as const;
