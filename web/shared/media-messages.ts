/**
 * The words of the inner pages' media (videos, VR tours, floor plans and interiors not yet
 * published). Apart from the other interface messages so that the home page does not carry them.
 */
export const mediaMessages = {
  vrHint: '화면을 선택하면 VR을 보실 수 있습니다.',
  vrDescriptionHeading: 'VR 화면 설명',
  playVideo: '영상 재생',
  videoFrameSuffix: '영상 (YouTube)',
  videoSummaryHeading: '영상 내용 요약',
  videoComingSoon: '영상 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
  vrOpen: 'VR 보기',
  planComingSoon: '평면도 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
  interiorComingSoon: '인테리어 이미지 준비 중입니다. 공개되는 대로 이곳에서 보실 수 있습니다.',
} as const;
