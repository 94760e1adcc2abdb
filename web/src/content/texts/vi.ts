import type { SiteContent } from '../content-types.ts';

const content: SiteContent = {
  privacy: {
    title: 'Chính sách quyền riêng tư',
    intro:
      'Chính sách này giải thích Pictura xử lý những thông tin nào khi bạn sử dụng trang web, vì sao, và bạn có những lựa chọn gì. Bất kỳ ai cũng có thể chạy Pictura trên máy chủ của riêng mình; “chúng tôi” là đơn vị vận hành trang web bạn đang sử dụng.',
    sections: [
      {
        id: 'information',
        heading: 'Thông tin chúng tôi xử lý',
        paragraphs: [
          'Không cần tài khoản, bạn vẫn có thể tạo và phóng to ảnh; khi đó chúng tôi chỉ xử lý mô tả, tùy chọn và ảnh bạn gửi trong thời gian cần thiết để tạo kết quả.',
          'Nếu bạn tạo tài khoản, chúng tôi lưu tên người dùng và mật khẩu đã băm, hoặc tên, địa chỉ email và ảnh mà Google chia sẻ khi bạn đăng nhập bằng Google.',
          'Nếu bạn chọn lưu lịch sử, đăng lên thư viện cộng đồng hoặc đăng ký gói, chúng tôi lưu các ảnh, bài đăng, lượt thích, báo cáo và hồ sơ thanh toán đó cùng tài khoản của bạn.',
        ],
      },
      {
        id: 'use',
        heading: 'Cách chúng tôi sử dụng',
        paragraphs: [
          'Chúng tôi dùng thông tin của bạn để tạo ảnh bạn yêu cầu, hiển thị lịch sử và bài đăng, quản lý gói đăng ký, bảo vệ dịch vụ khỏi lạm dụng và trả lời yêu cầu hỗ trợ.',
          'Chúng tôi không bán thông tin cá nhân của bạn và không dùng mô tả hay ảnh của bạn để huấn luyện mô hình.',
        ],
      },
      {
        id: 'payments',
        heading: 'Thanh toán',
        paragraphs: [
          'Thanh toán do nhà cung cấp dịch vụ thanh toán của chúng tôi xử lý. Chúng tôi nhận mã đơn hàng, mã gói đăng ký và gói bạn chọn, không bao giờ nhận số thẻ đầy đủ của bạn.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookie và bộ nhớ cục bộ',
        paragraphs: [
          'Chúng tôi lưu một vài mục nhỏ trong trình duyệt của bạn: mã đăng nhập, ngôn ngữ, giao diện, trạng thái thanh điều hướng bên và lựa chọn cookie. Cookie ngắn hạn chỉ được dùng trong lúc bạn hoàn tất đăng nhập bằng Google.',
          'Bạn có thể chấp nhận hoặc từ chối cookie tùy chọn trên biểu ngữ và đổi ý bất cứ lúc nào bằng cách xóa bộ nhớ trình duyệt. Xem Chính sách cookie để biết chi tiết.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Chia sẻ thông tin',
        paragraphs: [
          'Ảnh bạn đăng lên thư viện cộng đồng là công khai. Ngoài ra, chúng tôi chỉ chia sẻ thông tin với các nhà cung cấp vận hành trang web cho chúng tôi (lưu trữ, thanh toán, email) hoặc khi pháp luật yêu cầu.',
        ],
      },
      {
        id: 'retention',
        heading: 'Thời gian lưu giữ',
        paragraphs: [
          'Ảnh tạo không cần tài khoản sẽ bị xóa sau khi được gửi cho bạn. Dữ liệu tài khoản, lịch sử và bài đăng được lưu đến khi bạn xóa chúng hoặc xóa tài khoản; xóa tài khoản sẽ xóa lịch sử, bài đăng và lượt thích của bạn.',
        ],
      },
      {
        id: 'security',
        heading: 'Bảo mật',
        paragraphs: [
          'Mật khẩu chỉ được lưu dưới dạng băm mạnh, kết nối được mã hóa và mỗi phần của dịch vụ chỉ đọc được dữ liệu của riêng nó. Không hệ thống nào an toàn tuyệt đối, vì vậy hãy dùng mật khẩu bạn không dùng ở nơi khác.',
        ],
      },
      {
        id: 'rights',
        heading: 'Quyền của bạn',
        paragraphs: [
          'Bạn có thể xem, sửa, tải xuống hoặc xóa thông tin của mình trong phần cài đặt tài khoản, hoặc yêu cầu chúng tôi làm thay. Tùy nơi bạn sống, bạn cũng có thể phản đối việc xử lý hoặc khiếu nại với cơ quan bảo vệ dữ liệu.',
        ],
      },
      {
        id: 'children',
        heading: 'Trẻ em',
        paragraphs: [
          'Pictura không dành cho trẻ em dưới 13 tuổi và chúng tôi không cố ý thu thập thông tin của các em.',
        ],
      },
      {
        id: 'changes',
        heading: 'Thay đổi và liên hệ',
        paragraphs: [
          'Mọi thay đổi của chính sách này sẽ được đăng trên trang này kèm ngày mới. Bạn có thể gửi câu hỏi về quyền riêng tư qua trang liên hệ.',
        ],
      },
    ],
  },
  terms: {
    title: 'Điều khoản dịch vụ',
    intro:
      'Các điều khoản này áp dụng khi bạn sử dụng Pictura. Khi sử dụng trang web, bạn đồng ý với chúng; nếu không đồng ý, vui lòng không sử dụng.',
    sections: [
      {
        id: 'service',
        heading: 'Dịch vụ',
        paragraphs: [
          'Pictura tạo ảnh từ mô tả văn bản, phóng to ảnh khoảng bốn lần với tăng cường chi tiết bằng AI, lưu lịch sử cá nhân cho người dùng đã đăng nhập và cung cấp thư viện cộng đồng. Tạo ảnh cơ bản là miễn phí và không cần đăng ký.',
        ],
      },
      {
        id: 'accounts',
        heading: 'Tài khoản',
        paragraphs: [
          'Bạn có thể đăng nhập bằng Google hoặc bằng tên người dùng và mật khẩu. Bạn chịu trách nhiệm về mọi việc xảy ra với tài khoản của mình và về việc giữ an toàn mật khẩu.',
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Sử dụng hợp lệ',
        paragraphs: [
          'Không dùng Pictura để tạo hoặc chia sẻ nội dung bất hợp pháp, nội dung tình dục hóa trẻ vị thành niên, quấy rối hoặc mạo danh người thật, hay xâm phạm quyền của người khác. Không tấn công, làm quá tải hoặc thu thập dữ liệu hàng loạt từ dịch vụ.',
          'Ảnh có thể không phù hợp để xem công khai sẽ được đánh dấu, và chúng tôi có thể gỡ bài đăng cũng như tạm khóa tài khoản vi phạm các quy tắc này.',
        ],
      },
      {
        id: 'your-content',
        heading: 'Mô tả và ảnh của bạn',
        paragraphs: [
          'Bạn giữ mọi quyền mình có đối với mô tả và tệp tải lên. Bạn có thể dùng ảnh mình tạo cho mọi mục đích hợp pháp, kể cả thương mại.',
          'Khi đăng lên thư viện cộng đồng, bạn cho phép chúng tôi hiển thị ảnh, mô tả và tiêu đề của nó cho những người truy cập khác cho đến khi bạn xóa bài đăng.',
        ],
      },
      {
        id: 'plans',
        heading: 'Gói và thanh toán',
        paragraphs: [
          'Gói trả phí được tính trước theo tháng hoặc theo năm với mức giá trên trang bảng giá. Bạn có thể nâng cấp hoặc hủy bất cứ lúc nào trong phần cài đặt tài khoản; gói đăng ký đã hủy vẫn chạy đến hết kỳ.',
          'Mọi giao dịch mua đều không được hoàn tiền, trừ khi pháp luật quy định khác. Gói Enterprise được thỏa thuận với đội ngũ kinh doanh của chúng tôi.',
        ],
      },
      {
        id: 'availability',
        heading: 'Tính sẵn sàng',
        paragraphs: [
          'Chúng tôi nỗ lực để Pictura luôn hoạt động, nhưng dịch vụ được cung cấp theo hiện trạng, không cam kết luôn khả dụng, không có lỗi hay kết quả đáp ứng kỳ vọng của bạn.',
        ],
      },
      {
        id: 'liability',
        heading: 'Giới hạn trách nhiệm',
        paragraphs: [
          'Trong phạm vi pháp luật cho phép, chúng tôi không chịu trách nhiệm về thiệt hại gián tiếp hoặc hệ quả, và tổng trách nhiệm của chúng tôi giới hạn ở số tiền bạn đã trả cho chúng tôi trong mười hai tháng trước khi khiếu nại.',
        ],
      },
      {
        id: 'termination',
        heading: 'Chấm dứt sử dụng',
        paragraphs: [
          'Bạn có thể ngừng dùng Pictura và xóa tài khoản bất cứ lúc nào. Chúng tôi có thể tạm khóa hoặc đóng các tài khoản vi phạm các điều khoản này.',
        ],
      },
      {
        id: 'changes',
        heading: 'Thay đổi',
        paragraphs: [
          'Chúng tôi có thể cập nhật các điều khoản này. Ngày ở đầu trang cho biết phiên bản mới nhất; tiếp tục sử dụng trang web sau khi thay đổi nghĩa là bạn chấp nhận.',
        ],
      },
      {
        id: 'contact',
        heading: 'Liên hệ',
        paragraphs: ['Bạn có thể gửi câu hỏi về các điều khoản này qua trang liên hệ.'],
      },
    ],
  },
  cookies: {
    title: 'Chính sách cookie',
    intro:
      'Trang này liệt kê các cookie và bộ nhớ trình duyệt mà Pictura sử dụng và cách bạn kiểm soát chúng.',
    sections: [
      {
        id: 'essential',
        heading: 'Bộ nhớ thiết yếu',
        paragraphs: [
          'Mã đăng nhập và hồ sơ được lưu tạm giúp bạn luôn đăng nhập. Ngôn ngữ, giao diện và trạng thái thanh điều hướng bên ghi nhớ tùy chọn của bạn. Lựa chọn cookie ghi nhớ việc bạn đã chấp nhận hay từ chối.',
        ],
      },
      {
        id: 'sign-in',
        heading: 'Cookie đăng nhập',
        paragraphs: [
          'Khi bạn đăng nhập bằng Google, một cookie ngắn hạn mang mã dùng một lần trở lại trang web. Cookie bị xóa ngay khi bạn đăng nhập xong, chậm nhất sau hai phút.',
        ],
      },
      {
        id: 'offline',
        heading: 'Bộ nhớ đệm ngoại tuyến',
        paragraphs: [
          'Để tải nhanh hơn và hoạt động khi không có mạng, trang web giữ một bản sao các tệp của chính nó và những ảnh bạn xem gần đây trong trình duyệt. Ảnh cũ được xóa tự động.',
        ],
      },
      {
        id: 'choices',
        heading: 'Lựa chọn của bạn',
        paragraphs: [
          'Nếu từ chối trên biểu ngữ cookie, chỉ bộ nhớ thiết yếu được giữ lại. Bạn có thể đổi ý bất cứ lúc nào bằng cách xóa dữ liệu của trang này trong cài đặt trình duyệt.',
        ],
      },
    ],
  },
  about: {
    intro:
      'Pictura là xưởng ảnh AI mà ai cũng có thể dùng ngay trên trình duyệt: mô tả một bức ảnh và Pictura sẽ vẽ nó, hoặc đưa một tấm ảnh nhỏ và Pictura sẽ phóng to gấp bốn lần với chi tiết mới.',
    sections: [
      {
        id: 'mission',
        heading: 'Vì sao chúng tôi xây dựng Pictura',
        paragraphs: [
          'Tạo ảnh bằng AI không nên đòi hỏi máy tính mạnh, cài đặt phức tạp hay thẻ tín dụng. Pictura giữ các tính năng cơ bản miễn phí và không giới hạn, không cần đăng ký, và cho phép bạn dùng những gì mình tạo ra, kể cả cho mục đích thương mại.',
        ],
      },
      {
        id: 'how',
        heading: 'Cách hoạt động',
        paragraphs: [
          'Một mô hình ảnh mở và nhanh biến mô tả và tùy chọn của bạn thành ảnh trong vài giây, và công cụ phóng to AI khôi phục chi tiết nhỏ khi phóng to ảnh. Các gói trả phí bổ sung tốc độ, quyền riêng tư và ưu tiên cho những ai sáng tạo nhiều.',
        ],
      },
      {
        id: 'open',
        heading: 'Mở và tự lưu trữ được',
        paragraphs: [
          'Pictura có thể chạy trên máy chủ của bạn với mô hình của riêng bạn, để một nhóm giữ ảnh trong nội bộ. Gói Enterprise bổ sung mô hình tùy chỉnh, tích hợp và hỗ trợ riêng.',
        ],
      },
    ],
  },
  blog: [
    {
      slug: 'welcome-to-pictura',
      title: 'Chào mừng đến với Pictura',
      summary: 'Xưởng ảnh AI miễn phí ngay trên trình duyệt: những gì bạn có thể làm ngay hôm nay.',
      minutes: 2,
      paragraphs: [
        'Pictura biến một câu văn thành bức ảnh. Viết điều bạn hình dung, chọn phong cách, tông màu và ánh sáng rồi nhấn Tạo: vài giây sau, ảnh của bạn đã sẵn sàng để tải xuống.',
        'Bạn không cần tài khoản cho việc đó và không có giới hạn mỗi ngày. Khi đăng nhập, bạn còn có lịch sử mọi thứ đã tạo, mục yêu thích và thư viện cộng đồng, nơi bạn đăng những tác phẩm đẹp nhất và xem người khác sáng tạo gì.',
        'Công cụ phóng to làm bất kỳ ảnh nào lớn gấp bốn lần và sắc nét hơn. Tải ảnh lên hoặc dán liên kết, kéo thanh trượt để so sánh trước và sau rồi tải kết quả xuống.',
      ],
    },
    {
      slug: 'writing-better-prompts',
      title: 'Năm thói quen để viết mô tả tốt hơn',
      summary: 'Những thay đổi nhỏ trong cách mô tả cảnh tạo nên khác biệt lớn cho kết quả.',
      minutes: 3,
      paragraphs: [
        'Bắt đầu với chủ thể, rồi bối cảnh, rồi không khí: “một con cáo đỏ, trong rừng bạch dương phủ tuyết, lúc bình minh”. Mô hình đọc phần đầu mô tả kỹ nhất.',
        'Dùng các tùy chọn thay cho danh sách từ dài. Một phong cách như màu nước hay pixel art, một tông màu và kiểu ánh sáng hiệu quả hơn, ổn định hơn so với việc chất đống tính từ.',
        'Ghi những gì bạn không muốn vào mô tả loại trừ: mờ, chữ, hình mờ, thừa ngón tay. Giữ nguyên seed khi gặp kết quả ưng ý và mỗi lần chỉ đổi một từ để khám phá các biến thể.',
        'Cuối cùng, hãy xem thư viện ví dụ: mỗi ví dụ có nút Tạo tương tự sao chép mô tả và tùy chọn vào trình tạo, để bạn bắt đầu từ một thứ đã hiệu quả.',
      ],
    },
    {
      slug: 'upscaling-4x-explained',
      title: 'Phóng to 4x bằng AI hoạt động thế nào',
      summary: 'Vì sao công cụ phóng to AI cho kết quả sắc nét hơn việc chỉ kéo giãn ảnh.',
      minutes: 3,
      paragraphs: [
        'Kéo giãn ảnh gấp bốn lần trong trình chỉnh sửa thông thường biến mỗi điểm ảnh thành một khối mười sáu điểm, và bức ảnh bị nhòe. Công cụ phóng to AI đã học được đường viền, kết cấu và khuôn mặt thường trông ra sao, và vẽ thêm chi tiết hợp lý thay vào đó.',
        'Pictura chia ảnh lớn thành các ô, phóng to từng ô bằng mô hình rồi ghép lại, nhờ vậy cả ảnh lớn cũng vừa bộ nhớ. Thanh tiến trình hiển thị các ô khi chúng hoàn tất.',
        'Phóng to hiệu quả nhất với ảnh nhỏ nhưng sạch. Ảnh nhiễu nhiều hoặc nén mạnh cũng đẹp hơn, nhưng mô hình có thể làm rõ một phần nhiễu cùng với chi tiết.',
      ],
    },
  ],
};

export default content;
