/** Announcement management (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '公告管理',
  intro: '公告开启且在有效期内时，每位用户登录后都会弹出公告。',
  saved: '公告已保存',
  fields: {
    titleCh: '标题（中文）',
    titleEn: '标题（英文）',
    contentCh: '内容（中文）',
    contentEn: '内容（英文）',
    period: '有效期',
    start: '开始',
    end: '结束（留空表示不结束）',
    colseTipOn: '显示弹窗',
  },
  endAfterStart: '有效期的结束时间必须晚于开始时间',
  titleNeeded: '要显示弹窗，请填写中文或英文标题',
  contentNeeded: '要显示弹窗，请填写中文或英文内容',
  preview: '预览',
  previewChinese: '中文',
  previewEnglish: '英文',
  previewEmpty: '暂无可预览的内容',
  status: {
    active: '正在显示',
    scheduled: '待生效',
    ended: '已过期',
    off: '弹窗已关闭',
  },
};

export default messages;
