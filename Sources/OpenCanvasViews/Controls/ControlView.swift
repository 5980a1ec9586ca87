/// The controls (buttons, toggles, sliders, steppers, progress views, links,
/// gauges, pickers, menus): a layout snapshot shows each as one line, not the views OpenCanvas
/// draws it with.
protocol ControlView {}

extension Button: ControlView {}
extension Toggle: ControlView {}
extension Slider: ControlView {}
extension Stepper: ControlView {}
extension ProgressView: ControlView {}
extension Link: ControlView {}
extension Gauge: ControlView {}
extension Picker: ControlView {}
extension Menu: ControlView {}
extension TextField: ControlView {}
extension SecureField: ControlView {}
extension TextEditor: ControlView {}
extension ColorPicker: ControlView {}
extension DatePicker: ControlView {}
