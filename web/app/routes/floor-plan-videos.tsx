import type { Route } from './+types/floor-plan-videos';
import { videoTabsQuery } from '../../sanity/queries';
import { loadPageWith, pageDocumentMeta } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';
import { Tabs } from '../components/page/Tabs';
import { VideoComingSoon, VideoFacade } from '../components/page/VideoFacade';

/** 평면 영상: one tab per `videoTab` document, the first selected; each video loads on request. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPageWith(context, '/FloorPlan/videos', { videoTabs: context.content.fetch(videoTabsQuery) });
}

export const meta = pageDocumentMeta;

export default function FloorPlanVideos({ loaderData }: Route.ComponentProps) {
  const { page, videoTabs } = loaderData;
  const tabs = videoTabs.map((tab) => {
    const title = tab.title ?? '';
    return {
      key: tab.key ?? tab._id,
      label: title,
      panel: tab.videoId ? <VideoFacade videoId={tab.videoId} title={title} summary={tab.summary} /> : <VideoComingSoon />,
    };
  });
  return <InnerPage page={page}>{tabs.length ? <Tabs tabs={tabs} label={page.title ?? ''} idPrefix="video" /> : <VideoComingSoon />}</InnerPage>;
}
