# placeholder: replaced by the font generator
