/// Placeholder: the small displays' module.
enum PanelText {}
