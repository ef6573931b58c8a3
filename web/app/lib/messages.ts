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
  announcementLoading: '파일 불러오는 중...',
  notFound: 'Not Found',
  vrHint: '화면을 클릭하시면 VR을 보실 수 있습니다.',
  modelHomeNote:
    '본 모델하우스에 연출된 사진은 전시품 및 유상옵션 품목이 포함되어 있으므로 시공 시 옵션 선택 및 위치 등이 달라질 수 있습니다.',
  imageDisclaimer: '상기 이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.',
} as const;
