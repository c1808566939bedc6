import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (ko-KR) */
const announcement: typeof en = {
  title: '공지',
  noMore: '다시 알리지 않기',
  close: '닫기',
  fetchFailed: '공지를 가져오는 중 오류가 발생했습니다!',
};
export default announcement;
