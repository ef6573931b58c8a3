/**
 * Interface messages that are not marketing copy (copy-ko.md "Messages"). Marketing text lives in
 * the dataset; these fixed strings live here, in one place, so tests and components agree.
 */
export const messages = {
  submitting: '등록 중...',
  leadSuccess: '등록이 완료되었습니다.\n전문 상담사가 곧 연락드리겠습니다.',
  leadFailure: '❌ 등록에 실패했습니다. 다시 시도해 주세요.',
  leadError: '⚠️ 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  loginFailed: (reason: string) => `로그인 실패: ${reason}`,
  pressTitleSummaryRequired: '제목과 요약은 필수입니다!',
  // Admin sign-in and press authoring (reasons shown after "로그인 실패: ").
  loginInvalid: '이메일 또는 비밀번호가 올바르지 않습니다.',
  loginMissingFields: '이메일과 비밀번호를 입력해 주세요.',
  loginThrottled: '로그인 시도가 너무 많습니다. 15분 후 다시 시도해 주세요.',
  loginUnavailable: '관리자 계정이 설정되지 않았습니다.',
  adminWelcome: (email: string) => `${email}님 환영합니다`,
  adminSessionRequired: '관리자 로그인이 필요합니다.',
  foreignOrigin: '허용되지 않은 출처의 요청입니다.',
  pressPosted: '게시물이 등록되었습니다.',
  pressTooLong: '제목은 200자, 요약은 1,000자, 본문은 20,000자까지 쓸 수 있습니다.',
  announcementLoading: '파일 불러오는 중...',
  notFound: 'Not Found',
  vrHint: '화면을 클릭하시면 VR을 보실 수 있습니다.',
  modelHomeNote:
    '본 모델하우스에 연출된 사진은 전시품 및 유상옵션 품목이 포함되어 있으므로 시공 시 옵션 선택 및 위치 등이 달라질 수 있습니다.',
  playVideo: '영상 재생',
  videoComingSoon: '영상 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
  vrOpen: 'VR 보기',
  planComingSoon: '평면도 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
  interiorComingSoon: '인테리어 이미지 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
  imageDisclaimer: '상기 이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.',
} as const;
