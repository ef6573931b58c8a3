import { useEffect, useState } from 'react';
import { useClient, useFormValue, type NumberInputProps } from 'sanity';

import { STUDIO_API_VERSION } from '../rules';

type CountState = { status: 'loading' } | { status: 'ready'; count: number } | { status: 'failed' };

/**
 * The read-only 조회수 of a press article. The site counts views in the `pressViews-<id>`
 * document (batched increments that add no revisions to the article), so this input shows that
 * count, live, instead of a value stored on the article itself.
 */
export function PressViewCount(_props: NumberInputProps) {
  const client = useClient({ apiVersion: STUDIO_API_VERSION });
  const documentId = useFormValue(['_id']);
  const articleId = typeof documentId === 'string' ? documentId.replace(/^drafts\./, '') : '';
  const [state, setState] = useState<CountState>({ status: 'loading' });

  useEffect(() => {
    if (!articleId) return undefined;
    const params = { id: `pressViews-${articleId}` };
    const show = (count: unknown) => setState({ status: 'ready', count: typeof count === 'number' ? count : 0 });
    let active = true;
    client
      .fetch<number | null>('*[_id == $id][0].count', params)
      .then((count) => active && show(count))
      .catch(() => active && setState({ status: 'failed' }));
    // The site writes the count every few seconds while people read the article (listen takes a
    // plain filter and hands over the whole document).
    const subscription = client
      .listen('*[_id == $id]', params, { visibility: 'query' })
      .subscribe({
        next: (event) => {
          if (event.type === 'mutation') show(event.result?.count);
        },
        error: () => undefined,
      });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [client, articleId]);

  if (state.status === 'failed') return <p>조회수를 불러오지 못했습니다.</p>;
  if (state.status === 'loading') return <p>조회수 불러오는 중…</p>;
  return (
    <p>
      <strong>{state.count.toLocaleString('ko-KR')}</strong>회 (사이트가 몇 초마다 모아서 올립니다)
    </p>
  );
}
