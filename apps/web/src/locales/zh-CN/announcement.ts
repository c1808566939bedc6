import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (zh-CN) */
const announcement: typeof en = {
  title: '公告',
  noMore: '不再提醒',
  close: '关闭',
  fetchFailed: '获取公告出错！',
};
export default announcement;
