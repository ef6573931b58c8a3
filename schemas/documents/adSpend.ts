import { ChartUpwardIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";

/**
 * What a campaign's advertising cost in one month, entered by a 관리자 or 팀장 on the console's
 * statistics page (one document per campaign and month, replaced on a new entry). Written by the
 * site's server only.
 */
export const adSpend = defineType({
  name: "adSpend",
  title: "광고비",
  type: "document",
  icon: ChartUpwardIcon,
  readOnly: true,
  fields: [
    defineField({
      name: "campaign",
      title: "캠페인 (utm_campaign, 소문자)",
      type: "string",
      validation: (rule) => rule.required().error("캠페인을 입력해 주세요."),
    }),
    defineField({
      name: "month",
      title: "월 (YYYY-MM)",
      type: "string",
      validation: (rule) => rule.required().error("월을 입력해 주세요."),
    }),
    defineField({
      name: "amount",
      title: "금액 (원)",
      type: "number",
      validation: (rule) => [
        rule.required().error("금액을 입력해 주세요."),
        rule.integer().error("금액은 원 단위 정수로 입력해 주세요."),
        rule.min(0).error("금액은 0원 이상이어야 합니다."),
      ],
    }),
  ],
  preview: {
    select: { campaign: "campaign", month: "month", amount: "amount" },
    prepare: ({ campaign, month, amount }) => ({
      title: `${campaign ?? ""} ${month ?? ""}`,
      subtitle: `${Number(amount ?? 0).toLocaleString("ko-KR")}원`,
    }),
  },
});
