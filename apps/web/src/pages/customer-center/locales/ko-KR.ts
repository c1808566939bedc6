/** Customer center page (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '고객 센터',
  buyMore: '서비스 구매',
  payments: '결제 내역',
  brand: '브랜드',
  domain: '도메인 이름',
  name: '기관',
  seller: '판매자',
  platform: '플랫폼',
  contact: '담당자',
  phone: '전화',
  address: '주소',
  storage: '저장 공간',
  terminals: '단말기',
  noQuota: '자체 할당량 없음(무제한)',
  serviceEnds: '서비스 종료일',
  noServicePeriod: '구매한 서비스 기간 없음',
  widgets: '구매한 위젯',
  recentOrders: '최근 주문',
  noOrders: '주문이 없습니다',
  reference: '결제 참조 번호',
  service: '서비스',
  total: '합계',
  state: '상태',
  createdAt: '주문일',
};

export default messages;
