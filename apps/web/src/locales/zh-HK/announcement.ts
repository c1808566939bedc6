import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (zh-HK) */
const announcement: typeof en = {
  title: '公告',
  noMore: '不再提醒',
  close: '關閉',
  fetchFailed: '取得公告出錯！',
};
export default announcement;
