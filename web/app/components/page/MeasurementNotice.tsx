import { TAG_PROVIDERS, type EnabledTag } from '../../../shared/third-party-tags';
import { InfoTable } from './InfoTable';

const HEADING_ID = 'measurement-notice';

/**
 * The privacy policy's section on automatic collection: the site's own statistics (always on,
 * no cookie, nothing personal) and the ad platforms' tags switched on in siteSettings, listed
 * from the same settings that load them, with what they collect and how to refuse.
 */
export function MeasurementNotice({ tags }: { tags: readonly EnabledTag[] }) {
  return (
    <section className="page-section" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} className="page-section__heading">
        자동 수집 장치(방문 통계·광고 태그)의 설치·운영과 거부
      </h2>
      <p>
        홈페이지는 방문 통계를 자체 서버에서 직접 집계합니다. 쿠키를 쓰지 않고, IP 주소나 방문자를 알아볼 수 있는 값은 저장하지 않으며,
        날짜·페이지·유입 경로·광고 캠페인·기기 종류별 합계만 남깁니다.
      </p>
      {tags.length === 0 ? (
        <p>현재 외부 광고·분석 도구(태그)는 설치되어 있지 않으며, 홈페이지는 다른 회사의 서버로 요청을 보내지 않습니다.</p>
      ) : (
        <>
          <p>
            광고 효과 측정을 위해 아래 광고·분석 도구를 사용합니다. 이 도구들은 화면이 표시된 뒤에 불러오며, 방문한 페이지와 광고 유입 정보,
            브라우저·기기 정보를 쿠키 등으로 수집합니다(행태정보). 관심고객 등록 때에는 등록이 있었다는 사실만 알리고 이름·연락처·문의내용은
            전달하지 않습니다.
          </p>
          <InfoTable
            caption="사용 중인 광고·분석 도구"
            table={{
              columns: ['도구', '운영 회사', '수집 목적', '보유 기간'],
              rows: tags.map(({ provider }) => ({
                _key: provider,
                cells: [TAG_PROVIDERS[provider].name, TAG_PROVIDERS[provider].company, '광고 효과 측정(전환 추적)', '각 회사의 정책에 따름(최대 2년)'],
              })),
            }}
          />
          <p>
            거부 방법: 브라우저 설정에서 쿠키 저장을 거부하거나 삭제할 수 있습니다(Chrome: 설정 › 개인정보 및 보안 › 서드 파티 쿠키, Safari:
            설정 › Safari › 크로스 사이트 추적 방지, 삼성 인터넷: 설정 › 개인정보 보호 › 쿠키 차단). 쿠키를 거부해도 홈페이지 이용과 관심고객
            등록에는 제한이 없습니다.
          </p>
        </>
      )}
    </section>
  );
}
