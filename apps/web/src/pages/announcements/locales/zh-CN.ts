/** Announcement management (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '公告管理',
  intro: '公告开启且在有效期内时，每位用户登录后都会弹出公告。',
  saved: '公告已保存',
  fields: {
    texts: '标题和内容',
    titleIn: '标题（{{language}}）',
    contentIn: '内容（{{language}}）',
    period: '有效期',
    start: '开始',
    end: '结束（留空表示不结束）',
    colseTipOn: '显示弹窗',
  },
  endAfterStart: '有效期的结束时间必须晚于开始时间',
  titleNeeded: '要显示弹窗，请填写此语言的标题，或移除此语言',
  contentNeeded: '要显示弹窗，请填写此语言的内容，或移除此语言',
  addLanguage: '添加语言',
  removeLanguage: '移除语言',
  preview: '预览',
  previewLanguage: '预览语言',
  previewEmpty: '暂无可预览的内容',
  status: {
    active: '正在显示',
    scheduled: '待生效',
    ended: '已过期',
    off: '弹窗已关闭',
  },
};

export default messages;
