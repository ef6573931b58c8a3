/**
 * Validation helpers shared by several schema types. Messages are in Korean because editors read
 * them in the Studio.
 */
import { getPublishedId, type ValidationContext } from 'sanity';

/**
 * Sanity API version used by validators and initial-value resolvers that query the dataset: from
 * 2025-02-19 on, so release versions (`versions.*`) are in what they query.
 */
export const STUDIO_API_VERSION = '2025-02-19';

/** The standard note under every illustrative CG image, map and floor plan. */
export const IMAGE_DISCLAIMER = '상기 이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.';

/** Representative numbers (1600-0000), landlines (032-123-4567, 02-123-4567) and mobiles. */
const PUBLIC_PHONE_PATTERN = /^(1[5-9]\d{2}-\d{4}|0\d{1,2}-\d{3,4}-\d{4})$/;

/** An internal path ("/Brand/intro", "/#interestForm"), never protocol-relative ("//host"). */
const INTERNAL_PATH_PATTERN = /^\/(?!\/)\S*$/;

const HTTPS_URL_PATTERN = /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/;

/** The 11 characters after `v=` in a YouTube address. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
export const YOUTUBE_ID_MESSAGE = '유튜브 영상 ID는 영문·숫자·-·_ 11자입니다.';

export function validatePublicPhone(phone: string | undefined): true | string {
  if (phone === undefined || PUBLIC_PHONE_PATTERN.test(phone)) return true;
  return '전화번호는 1600-0000, 032-123-4567 처럼 하이픈(-)을 넣어 입력해 주세요.';
}

export function validateHref(href: string | undefined): true | string {
  if (href === undefined || INTERNAL_PATH_PATTERN.test(href) || HTTPS_URL_PATTERN.test(href)) {
    return true;
  }
  return '내부 경로(/로 시작, 예: /Brand/intro) 또는 https:// 로 시작하는 주소를 입력해 주세요.';
}

export function validateHttpsUrl(url: string | undefined): true | string {
  if (url === undefined || HTTPS_URL_PATTERN.test(url)) return true;
  return 'https:// 로 시작하는 주소를 입력해 주세요.';
}

/**
 * How many other documents of `type` have `field` equal to `value`. Drafts and release versions
 * of the document being edited are the same document and do not count.
 */
export async function countOthersWithValue(context: ValidationContext, type: string, field: string, value: unknown): Promise<number> {
  if (!context.document) return 0;
  const client = context.getClient({ apiVersion: STUDIO_API_VERSION });
  const publishedId = getPublishedId(context.document._id);
  return client.fetch<number>(
    `count(*[
      _type == $type && ${field} == $value &&
      !(_id in [$publishedId, "drafts." + $publishedId]) &&
      !(_id in path("versions.*." + $publishedId))
    ])`,
    { type, value, publishedId },
  );
}
