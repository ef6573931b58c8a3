import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { pressMessages } from '../../../shared/press-messages';
import { formatPressDate, pressArticlePath } from '../../lib/press-format';
import './PressTable.css';

export type PressRow = { _id: string; no: number; title: string; date: string; views: number };

type PressTableProps = { site: string; items: PressRow[]; nextCursor: string | null };

const text = pressMessages;

/**
 * The press list: NO, 제목, 작성일 on narrow screens; 작성자 and 조회수 too on wide ones (CSS).
 * "더보기" is a link to the next page (works without JavaScript); with JavaScript it appends the
 * next 10 rows from the JSON API in place and moves focus to the first new row.
 */
export function PressTable({ site, items: firstItems, nextCursor: firstCursor }: PressTableProps) {
  const [items, setItems] = useState(firstItems);
  const [nextCursor, setNextCursor] = useState(firstCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const firstNewRow = useRef<string | null>(null);

  async function loadMore(cursor: string) {
    setLoading(true);
    setFailed(false);
    try {
      const response = await fetch(`/api/press?site=${encodeURIComponent(site)}&cursor=${encodeURIComponent(cursor)}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = (await response.json()) as { items: PressRow[]; nextCursor: string | null };
      firstNewRow.current = page.items[0]?._id ?? null;
      setItems((current) => [...current, ...page.items.filter((item) => !current.some((row) => row._id === item._id))]);
      setNextCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="press-list">
      {items.length === 0 ? (
        <p className="press-list__empty">{text.empty}</p>
      ) : (
        <table className="press-table">
          <caption className="visually-hidden">{text.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="press-table__no" aria-label={text.noName}>
                {text.no}
              </th>
              <th scope="col" className="press-table__title">
                {text.headline}
              </th>
              <th scope="col" className="press-table__wide">
                {text.authorColumn}
              </th>
              <th scope="col" className="press-table__date">
                {text.date}
              </th>
              <th scope="col" className="press-table__wide">
                {text.views}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item._id}>
                <td className="press-table__no">{item.no}</td>
                <td className="press-table__title">
                  <Link
                    to={pressArticlePath(site, item._id)}
                    ref={(link) => {
                      if (link && firstNewRow.current === item._id) {
                        firstNewRow.current = null;
                        link.focus();
                      }
                    }}
                  >
                    {item.title}
                  </Link>
                </td>
                <td className="press-table__wide">{text.author}</td>
                <td className="press-table__date">
                  <time dateTime={item.date}>{formatPressDate(item.date)}</time>
                </td>
                <td className="press-table__wide">{item.views.toLocaleString('ko-KR')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {failed ? (
        <p className="press-list__error" role="alert">
          {text.loadFailed}
        </p>
      ) : null}
      {nextCursor ? (
        <p className="press-list__more">
          <Link
            className="button button--outline"
            to={`?cursor=${encodeURIComponent(nextCursor)}`}
            preventScrollReset
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!loading) void loadMore(nextCursor);
            }}
          >
            {loading ? text.loadingMore : text.more}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
