/** Announcement management (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '公告管理',
  intro: '公告開啟且在有效期內時，每位用戶登入後都會彈出公告。',
  saved: '公告已儲存',
  fields: {
    texts: '標題和內容',
    titleIn: '標題（{{language}}）',
    contentIn: '內容（{{language}}）',
    period: '有效期',
    start: '開始',
    end: '結束（留空表示不結束）',
    colseTipOn: '顯示彈窗',
  },
  endAfterStart: '有效期的結束時間必須晚於開始時間',
  titleNeeded: '要顯示彈窗，請填寫此語言的標題，或移除此語言',
  contentNeeded: '要顯示彈窗，請填寫此語言的內容，或移除此語言',
  addLanguage: '新增語言',
  removeLanguage: '移除語言',
  preview: '預覽',
  previewLanguage: '預覽語言',
  previewEmpty: '暫無可預覽的內容',
  status: {
    active: '正在顯示',
    scheduled: '待生效',
    ended: '已過期',
    off: '彈窗已關閉',
  },
};

export default messages;
