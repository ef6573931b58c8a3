import { useEffect, useState } from 'react';
import { useFormValue, type NumberInputProps } from 'sanity';

import { previewOrigin } from '../../studio/env';

type CountState = { status: 'loading' } | { status: 'ready'; count: number } | { status: 'unpublished' } | { status: 'failed' };

/** How often the count is asked again while the article is open: the site writes it every few seconds. */
const REFRESH_MS = 10_000;

/**
 * The read-only 조회수 of a press article. The site counts views in its own database (not in the
 * dataset, where every count would be a write), so this input asks the site for the number.
 */
export function PressViewCount(_props: NumberInputProps) {
  const documentId = useFormValue(['_id']);
  const siteId = useFormValue(['siteId']);
  const articleId = typeof documentId === 'string' ? documentId.replace(/^drafts\./, '') : '';
  const [state, setState] = useState<CountState>({ status: 'loading' });

  useEffect(() => {
    if (!articleId || typeof siteId !== 'string' || !siteId) return undefined;
    const address = new URL(`/api/press/${encodeURIComponent(articleId)}/views`, previewOrigin);
    address.searchParams.set('site', siteId);
    const controller = new AbortController();
    const read = () =>
      fetch(address, { signal: controller.signal, credentials: 'omit' })
        .then(async (response) => {
          if (response.status === 404) return setState({ status: 'unpublished' });
          if (!response.ok) return setState({ status: 'failed' });
          const { views } = (await response.json()) as { views?: unknown };
          setState(typeof views === 'number' ? { status: 'ready', count: views } : { status: 'failed' });
        })
        .catch(() => controller.signal.aborted || setState({ status: 'failed' }));
    void read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [articleId, siteId]);

  if (state.status === 'failed') return <p>조회수를 불러오지 못했습니다.</p>;
  if (state.status === 'unpublished') return <p>게시된 기사만 조회수가 셉니다.</p>;
  if (state.status === 'loading') return <p>조회수 불러오는 중…</p>;
  return (
    <p>
      <strong>{state.count.toLocaleString('ko-KR')}</strong>회 (사이트가 몇 초마다 모아서 셉니다)
    </p>
  );
}
