import { Form } from 'react-router';

export const erasureText = {
  sectionHeading: '고객 요청 처리 (관리자)',
  heading: '고객 요청으로 정보 삭제',
  hint: '고객이 삭제나 동의 철회를 요청했을 때만 씁니다. 이 번호로 들어온 모든 등록과 그 메모·통화 기록·방문 예약·발송 기록이 바로 지워지며 되돌릴 수 없습니다. 접속 기록에는 가린 이름과 건수, 사유만 남습니다. 사유는 이 브라우저에 보관하지 않습니다.',
  reason: '삭제 사유',
  reasonHint: '예: 고객 전화로 삭제 요청 (11월 28일)',
  submit: '이 고객의 정보 모두 삭제',
  reasonRequired: '삭제 사유를 입력해 주세요.',
  reasonTooLong: '삭제 사유는 200자 이내로 입력해 주세요.',
  forbidden: '고객 정보 삭제와 동의 철회는 관리자만 할 수 있습니다. 바뀐 것은 없습니다.',
  withdrawHeading: '마케팅 수신 동의 철회',
  withdrawHint: '고객이 마케팅 정보를 받지 않겠다고 하면 이 번호의 모든 등록에서 동의를 바로 거둡니다. 목록의 마케팅 수신 동의 조건과 내려받기에서 빠집니다.',
  withdrawSubmit: '마케팅 수신 동의 철회',
  withdrawn: (withdrawn: boolean) => (withdrawn ? '이 고객의 마케팅 수신 동의를 거뒀습니다.' : '이 고객에게는 마케팅 수신 동의가 없습니다.'),
};

/** The admin's deletion of the whole customer (every registration with the number), with a 사유. */
export function CustomerErasure({ errorId }: { errorId: string | null }) {
  return (
    <section className="lead-work__section customer-erasure" aria-labelledby="customer-erasure-heading">
      <h2 id="customer-erasure-heading" className="lead-work__heading">
        {erasureText.sectionHeading}
      </h2>
      <h3 className="customer-erasure__heading">{erasureText.withdrawHeading}</h3>
      <p>{erasureText.withdrawHint}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="withdrawMarketing" />
        <button type="submit" className="button button--outline">
          {erasureText.withdrawSubmit}
        </button>
      </Form>
      <h3 className="customer-erasure__heading">{erasureText.heading}</h3>
      <p id="customer-erasure-hint">{erasureText.hint}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="eraseCustomer" />
        <label htmlFor="customer-erasure-reason">{erasureText.reason}</label>
        <input
          id="customer-erasure-reason"
          className="field__input"
          type="text"
          name="reason"
          required
          maxLength={200}
          placeholder={erasureText.reasonHint}
          aria-describedby={errorId ? `customer-erasure-hint ${errorId}` : 'customer-erasure-hint'}
          aria-invalid={errorId ? true : undefined}
        />
        <button type="submit" className="button button--outline">
          {erasureText.submit}
        </button>
      </Form>
    </section>
  );
}
