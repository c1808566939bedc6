/** Announcement management (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '公告管理',
  intro: '公告開啟且在有效期內時，每位用戶登入後都會彈出公告。',
  saved: '公告已儲存',
  fields: {
    titleCh: '標題（中文）',
    titleEn: '標題（英文）',
    contentCh: '內容（中文）',
    contentEn: '內容（英文）',
    period: '有效期',
    start: '開始',
    end: '結束（留空表示不結束）',
    colseTipOn: '顯示彈窗',
  },
  endAfterStart: '有效期的結束時間必須晚於開始時間',
  titleNeeded: '要顯示彈窗，請填寫中文或英文標題',
  contentNeeded: '要顯示彈窗，請填寫中文或英文內容',
  preview: '預覽',
  previewChinese: '中文',
  previewEnglish: '英文',
  previewEmpty: '暫無可預覽的內容',
  status: {
    active: '正在顯示',
    scheduled: '待生效',
    ended: '已過期',
    off: '彈窗已關閉',
  },
};

export default messages;
