/**
 * Generates public/announcement.pdf: a one-page sample summary of the 입주자모집공고 that the
 * /SalesInfo/announcement page opens. Korean text is set in Pretendard (shipped by the `pretendard`
 * npm package), embedded as a subset so the file stays small. A fixed creation date keeps the
 * output identical from run to run.
 *
 * Run with `npm run pdf`.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const OUTPUT = fileURLToPath(new URL('../public/announcement.pdf', import.meta.url));
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('pretendard/package.json')), 'dist/public/static/alternative');
const FONTS = { regular: path.join(FONT_DIR, 'Pretendard-Regular.ttf'), bold: path.join(FONT_DIR, 'Pretendard-Bold.ttf') };

const COLOURS = { navy: '#16294a', gold: '#b8913f', ink: '#1f2633', muted: '#5b6475', rule: '#d9d3c4', band: '#f5f1e6' };

const TITLE = '청학 파크 에디션 입주자모집공고(요약)';
const SUBTITLE = '이 자료는 견본 요약본입니다. 일정과 조건은 예정이며 변경될 수 있습니다.';

const OVERVIEW: Array<[string, string]> = [
  ['사업명', '청학 파크 에디션'],
  ['공급위치', '인천광역시 연수구 청학동 일원'],
  ['공급규모', '지하 2층~지상 29층 8개 동 총 652세대 중 일반분양 208세대'],
  ['주택형', '전용 40㎡ · 59㎡A · 59㎡B (주택형별 세대수는 입주자모집공고에서 확정)'],
  ['입주예정', '2028년 4월 (예정)'],
  ['시공', '청학건설(주)'],
  ['분양문의', '1600-0000'],
];

const SCHEDULE_COLUMNS = ['구분', '일정', '장소·방법'];
const SCHEDULE: string[][] = [
  ['입주자모집공고', '공고일 확정 후 안내 (예정)', '청약홈, 분양 홈페이지 게시'],
  ['특별공급 청약 접수', '입주자모집공고에서 안내 (예정)', '청약홈 인터넷 접수'],
  ['일반공급 1순위 청약 접수', '입주자모집공고에서 안내 (예정)', '청약홈 인터넷 접수'],
  ['일반공급 2순위 청약 접수', '입주자모집공고에서 안내 (예정)', '청약홈 인터넷 접수'],
  ['당첨자 발표', '입주자모집공고에서 안내 (예정)', '청약홈에서 개별 조회'],
  ['당첨자 서류 접수', '입주자모집공고에서 안내 (예정)', '견본주택 (방문예약 후 방문)'],
  ['정당 계약', '입주자모집공고에서 안내 (예정)', '견본주택'],
  ['입주', '2028년 4월 (예정)', '입주 안내문으로 별도 안내'],
];

const NOTES = [
  '청약 자격, 재당첨 제한, 전매 제한 등 공급 조건은 입주자모집공고에서 확정됩니다.',
  '분양 일정은 인허가와 관계기관 협의에 따라 바뀔 수 있습니다.',
  '홈페이지와 이 자료에 쓰인 이미지와 평면도는 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.',
];

/** The official notice prevails; broken after the comma so no word is split across lines. */
const PREVAILS_LINES = ['본 자료는 이해를 돕기 위한 요약본이며,', '정확한 내용은 청약홈에 게시되는 입주자모집공고를 반드시 확인하시기 바랍니다.'];

type Doc = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Doc['struct']>;

const PAGE_MARGIN = 50;

/** Bands, bars and rules only decorate: marked as artifacts, screen readers skip them. */
function decoration(doc: Doc, draw: () => void) {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** Adds a structure element of `type` to `parent` whose content is what `draw` puts on the page. */
function tagged(doc: Doc, parent: Struct, type: string, draw: () => void) {
  parent.add(doc.struct(type, {}, draw));
}

function sectionHeading(doc: Doc, parent: Struct, text: string) {
  doc.moveDown(1.1);
  const y = doc.y;
  decoration(doc, () => doc.rect(PAGE_MARGIN, y + 2, 4, 14).fill(COLOURS.gold));
  tagged(doc, parent, 'H2', () =>
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(COLOURS.navy)
      .text(text, PAGE_MARGIN + 12, y, { lineBreak: false }),
  );
  doc.x = PAGE_MARGIN;
  doc.y = y + 24;
}

/**
 * A table with a header row (optional) and rows whose height follows the tallest cell. Header
 * cells and each row's first cell (its label) are tagged TH, the others TD.
 */
function table(doc: Doc, parent: Struct, columnWidths: number[], rows: string[][], header?: string[]) {
  const padding = 6;
  const tableStruct = doc.struct('Table');
  parent.add(tableStruct);
  const drawRow = (cells: string[], isHeader: boolean, shaded: boolean) => {
    doc.font(isHeader ? 'bold' : 'regular').fontSize(9.5);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (columnWidths[index] ?? 0) - padding * 2 }))) + padding * 2;
    const top = doc.y;
    const width = columnWidths.reduce((sum, value) => sum + value, 0);
    decoration(doc, () => {
      if (isHeader) doc.rect(PAGE_MARGIN, top, width, height).fill(COLOURS.navy);
      else if (shaded) doc.rect(PAGE_MARGIN, top, width, height).fill(COLOURS.band);
      doc
        .moveTo(PAGE_MARGIN, top + height)
        .lineTo(PAGE_MARGIN + width, top + height)
        .lineWidth(0.6)
        .strokeColor(COLOURS.rule)
        .stroke();
    });
    const rowStruct = doc.struct('TR');
    tableStruct.add(rowStruct);
    let x = PAGE_MARGIN;
    cells.forEach((cell, index) => {
      const columnWidth = columnWidths[index] ?? 0;
      const isLabel = !isHeader && index === 0;
      const cellX = x;
      tagged(doc, rowStruct, isHeader || isLabel ? 'TH' : 'TD', () =>
        doc
          .font(isHeader || isLabel ? 'bold' : 'regular')
          .fillColor(isHeader ? '#ffffff' : isLabel ? COLOURS.navy : COLOURS.ink)
          .text(cell, cellX + padding, top + padding, { width: columnWidth - padding * 2 }),
      );
      x += columnWidth;
    });
    rowStruct.end();
    doc.x = PAGE_MARGIN;
    doc.y = top + height;
  };
  if (header) drawRow(header, true, false);
  rows.forEach((row, index) => drawRow(row, false, index % 2 === 1));
  tableStruct.end();
}

function titleBand(doc: Doc, parent: Struct) {
  const width = doc.page.width;
  decoration(doc, () => {
    doc.rect(0, 0, width, 110).fill(COLOURS.navy);
    doc.rect(0, 110, width, 4).fill(COLOURS.gold);
  });
  tagged(doc, parent, 'H1', () => doc.font('bold').fontSize(21).fillColor('#ffffff').text(TITLE, PAGE_MARGIN, 36));
  tagged(doc, parent, 'P', () => doc.font('regular').fontSize(10).fillColor('#e8dcb8').text(SUBTITLE, PAGE_MARGIN, 70));
  doc.x = PAGE_MARGIN;
  doc.y = 124;
}

function notes(doc: Doc, parent: Struct) {
  const list = doc.struct('L');
  parent.add(list);
  doc.font('regular').fontSize(9.5).fillColor(COLOURS.ink).list(NOTES, { bulletRadius: 1.6, textIndent: 10, paragraphGap: 3, structParent: list });
  list.end();
}

function prevailsBox(doc: Doc, parent: Struct) {
  doc.moveDown(1.4);
  const width = doc.page.width - PAGE_MARGIN * 2;
  doc.font('bold').fontSize(10.5);
  const height = doc.heightOfString(PREVAILS_LINES.join('\n'), { width: width - 32 }) + 24;
  const top = doc.y;
  decoration(doc, () => doc.rect(PAGE_MARGIN, top, width, height).lineWidth(1.2).fillAndStroke('#fbf6e8', COLOURS.gold));
  tagged(doc, parent, 'P', () => doc.fillColor(COLOURS.navy).text(PREVAILS_LINES.join('\n'), PAGE_MARGIN + 16, top + 12, { width: width - 32 }));
}

async function main() {
  // Tagged (a structure tree in reading order, decoration marked as artifacts) and in Korean, so
  // screen readers read the headings, tables and list as such.
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    pdfVersion: '1.7',
    tagged: true,
    info: {
      Title: TITLE,
      Author: '청학 파크 에디션 분양사무소',
      Subject: '입주자모집공고 요약 (견본)',
      CreationDate: new Date('2025-01-01T00:00:00Z'),
    },
    lang: 'ko-KR',
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const output = createWriteStream(OUTPUT);
  doc.pipe(output);

  const document = doc.struct('Document');
  doc.addStructure(document);
  const contentWidth = doc.page.width - PAGE_MARGIN * 2;
  titleBand(doc, document);
  sectionHeading(doc, document, '1. 공급 개요');
  table(doc, document, [110, contentWidth - 110], OVERVIEW);
  sectionHeading(doc, document, '2. 공급 일정 (예정)');
  table(doc, document, [150, 180, contentWidth - 330], SCHEDULE, SCHEDULE_COLUMNS);
  sectionHeading(doc, document, '3. 유의사항');
  notes(doc, document);
  prevailsBox(doc, document);
  document.end();

  doc.end();
  await once(output, 'finish');
  console.log(`announcement.pdf written to ${OUTPUT}`);
}

await main();
